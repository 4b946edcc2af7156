/** Card mode 4: one line (display id, title, status) for search results, pickers and child lists. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { statusColor } from '../columns/status.column.tsx';
import type { CardModeEntry, DocumentCardProps } from '../card-mode.ts';
import { CardTitle } from './card-parts.tsx';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '../support/status-label.ts';
import { ToneChip } from '../../components/status-chip.tsx';

function CompactCard({ row, href, translate, actions }: DocumentCardProps) {
  const { t } = useTranslation();
  const status = typeof row.status === 'string' ? row.status : '';
  const titleId = `card-c-title-${String(row.id ?? '')}`;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, py: 0.5 }} data-testid="compact-card">
      {row.display_id !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
          {String(row.display_id)}
        </Typography>
      )}
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <CardTitle row={row} href={href} id={titleId} variant="subtitle1" />
      </Stack>
      {status && <ToneChip size="small" label={statusLabel(status, t, translate)} tone={statusColor(status)} />}
      {actions}
    </Stack>
  );
}

export const entry: CardModeEntry = { mode: 4, Component: CompactCard };
