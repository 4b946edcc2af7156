/**
 * The document's activity panel (docs/product/workflow-and-timeline.md#events): the comment and
 * upload box, the event-type filter, the timeline newest first with Show more (5 at a time).
 * Import Mail (docs/product/mail.md#mail-import) is offered beside the filter to members with the mail role.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventType } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useSession } from '../../app/session-context.tsx';
import { ActivityComposer } from './activity-composer.tsx';
import { EventItem } from './event-item.tsx';
import { eventsOfPages } from './event-pages.ts';
import { EventTypeFilter } from './event-type-filter.tsx';
import { useDocumentEvents } from './events-api.ts';
import { ImportMailButton } from '../mail/import-mail-dialog.tsx';

export function ActivityPanel({ docId, docType }: { docId: number; docType: string }) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const [types, setTypes] = useState<EventType[]>([]);
  const events = useDocumentEvents(appId, docId, types);
  const rows = eventsOfPages(events.data?.pages);

  return (
    <Paper
      component="section"
      aria-labelledby="activity-title"
      data-testid="activity-panel"
      data-doc-type={docType}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <Typography variant="h6" component="h2" id="activity-title">
          {t('activity.title')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <ImportMailButton docId={docId} />
          <EventTypeFilter value={types} onChange={setTypes} />
        </Stack>
      </Stack>
      <ActivityComposer appId={appId} docId={docId} />
      {events.isPending && <LinearProgress sx={{ mt: 2 }} />}
      {events.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {describeError(events.error, t, t('activity.loadError'))}
        </Alert>
      )}
      {events.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('activity.empty')}
        </Typography>
      )}
      <Box component="ul" data-testid="timeline" sx={{ m: 0, mt: 1, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
        {rows.map((event) => (
          <EventItem key={event.id} appId={appId} event={event} />
        ))}
      </Box>
      {events.hasNextPage && (
        <Button
          onClick={() => void events.fetchNextPage()}
          loading={events.isFetchingNextPage}
          loadingPosition="start"
          fullWidth
          sx={{ mt: 1 }}
        >
          {t('activity.showMore')}
        </Button>
      )}
    </Paper>
  );
}
