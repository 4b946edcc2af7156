/**
 * docs/$$event: Recent Activity (issue 6 item 3) — events of every document the user may read,
 * newest first, with the event-type filter. "Show more" fetches the next page (`start`) and adds
 * it below the rows already shown; keyboard focus then moves to the first new row, so a keyboard
 * user carries on reading where the list grew (the button itself may be gone after the last page).
 */
import { useEffect, useRef, useState } from 'react';
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
import { eventsOfPages } from './event-pages.ts';
import { EventTypeFilter } from './event-type-filter.tsx';
import { useRecentActivity } from './events-api.ts';

export default function RecentActivityPage() {
  const { t } = useTranslation();
  const { appId } = useSession();
  const [types, setTypes] = useState<EventType[]>([]);
  const recent = useRecentActivity(appId, types);
  usePageTitle(t('activity.recentTitle'));
  const rows = eventsOfPages(recent.data?.pages);
  const listRef = useRef<HTMLUListElement>(null);
  /** The index of the first row a "Show more" added, to focus once it is drawn. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  useEffect(() => {
    if (focusFrom === null || rows.length <= focusFrom) return;
    listRef.current?.querySelectorAll<HTMLElement>('[data-testid="recent-row-link"]')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, rows.length]);

  const showMore = () => {
    if (recent.isFetchingNextPage) return;
    const from = rows.length;
    void recent.fetchNextPage().then((result) => setFocusFrom(result.isError ? null : from));
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="recent-activity">
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('activity.recentTitle')}
        </Typography>
        <EventTypeFilter value={types} onChange={setTypes} />
      </Stack>
      {recent.isFetching && !recent.isFetchingNextPage && <LinearProgress />}
      {recent.isError && <Alert severity="error">{describeError(recent.error, t, t('activity.loadError'))}</Alert>}
      {recent.isSuccess && rows.length === 0 && <Typography color="text.secondary">{t('activity.empty')}</Typography>}
      <Box
        component="ul"
        ref={listRef}
        data-testid="recent-rows"
        sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {rows.map((event) => {
          const label = event.meta.parent.summary
            ? t('activity.onDocumentTitled', { id: event.meta.parent.display_id, title: event.meta.parent.summary })
            : t('activity.onDocument', { id: event.meta.parent.display_id });
          return (
            <Box
              component="li"
              key={event.id}
              data-testid="recent-row"
              data-event-id={event.id}
              sx={{ listStyle: 'none', pt: 1, minWidth: 0 }}
            >
              {/* A long title breaks anywhere and stops at two lines, as a list's text cell does: one
                  unbroken word of 160 characters pushed the whole page sideways. The full text is the
                  link's tooltip. */}
              <Link
                component={RouterLink}
                to={`/docs/${event.meta.doc_type}/${event.doc_id}`}
                variant="body2"
                title={label}
                data-testid="recent-row-link"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                  width: 'fit-content',
                  maxWidth: '100%',
                }}
              >
                {label}
              </Link>
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                <EventItem appId={appId} event={event} isThreadHidden />
              </Box>
            </Box>
          );
        })}
      </Box>
      {recent.hasNextPage && (
        <Button
          fullWidth
          onClick={showMore}
          loading={recent.isFetchingNextPage}
          loadingPosition="start"
          sx={{ mt: 1 }}
          data-testid="recent-show-more"
        >
          {recent.isFetchingNextPage ? t('activity.loadingMore') : t('activity.showMore')}
        </Button>
      )}
    </Paper>
  );
}
