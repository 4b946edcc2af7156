/** Saved versions of a stored schema (`GET /v3/{appId}/$$schema/{id}/versions`): who, when, what changed. */
import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SchemaVersionEntry } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { formatDateTime } from '../../components/format-date.ts';

export function SchemaVersions({ appId, id, lang }: { appId: string; id: number; lang: string }) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: ['schema-versions', appId, id],
    queryFn: ({ signal }) =>
      apiClient.get<SchemaVersionEntry[] | { dataAr: SchemaVersionEntry[] }>(
        `/v3/${encodeURIComponent(appId)}/$$schema/${id}/versions`,
        undefined,
        signal,
      ),
    select: (answer) => (Array.isArray(answer) ? answer : answer.dataAr),
  });
  const list = versions.data ?? [];
  if (list.length === 0) return <Typography color="text.secondary">{t('admin.noVersions')}</Typography>;
  return (
    <List dense data-testid="schema-versions">
      {list.map((entry) => (
        <ListItem key={entry.version} divider>
          <ListItemText
            primary={t('admin.version', {
              version: String(entry.version),
              date: formatDateTime(entry.created_date, lang),
              name: entry.created_by?.display_name ?? '',
            })}
            secondary={entry.changed.length ? t('admin.changed', { fields: entry.changed.join(', ') }) : undefined}
          />
        </ListItem>
      ))}
    </List>
  );
}
