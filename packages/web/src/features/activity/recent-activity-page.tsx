/**
 * docs/$$event: Recent Activity (issue 6 item 3) — events of every document the user may read,
 * newest first, with the event-type filter and Show more.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EventType } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { EventItem } from './event-item.tsx';
import { EventTypeFilter } from './event-type-filter.tsx';
import { useRecentActivity } from './events-api.ts';

const PAGE = 15;

export default function RecentActivityPage() {
  const { t } = useTranslation();
  const { appId } = useSession();
  const [types, setTypes] = useState<EventType[]>([]);
  const [count, setCount] = useState(PAGE);
  const recent = useRecentActivity(appId, types, count);
  usePageTitle(t('activity.recentTitle'));
  const rows = recent.data?.dataAr ?? [];

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="recent-activity">
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('activity.recentTitle')}
        </Typography>
        <EventTypeFilter
          value={types}
          onChange={(next) => {
            setTypes(next);
            setCount(PAGE);
          }}
        />
      </Stack>
      {recent.isFetching && <LinearProgress />}
      {recent.isError && <Alert severity="error">{describeError(recent.error, t, t('activity.loadError'))}</Alert>}
      {recent.isSuccess && rows.length === 0 && <Typography color="text.secondary">{t('activity.empty')}</Typography>}
      <Box component="ul" sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
        {rows.map((event) => (
          <Box component="li" key={event.id} sx={{ listStyle: 'none', pt: 1 }}>
            <Link component={RouterLink} to={`/docs/${event.meta.doc_type}/${event.doc_id}`} variant="body2">
              {t('activity.onDocument', { id: event.meta.parent.display_id })}
            </Link>
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              <EventItem appId={appId} event={event} isNested />
            </Box>
          </Box>
        ))}
      </Box>
      {recent.data && rows.length < recent.data.total && (
        <Button fullWidth onClick={() => setCount(count + PAGE)} disabled={recent.isFetching} sx={{ mt: 1 }}>
          {t('activity.showMore')}
        </Button>
      )}
    </Paper>
  );
}
