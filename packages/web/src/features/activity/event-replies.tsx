/** Nested events of one entry (up to 100, docs/product/workflow-and-timeline.md#limits), indented under it; their own replies nest further. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/describe-error.ts';
import { EventItem } from './event-item.tsx';
import { useReplies } from './events-api.ts';

interface EventRepliesProps {
  appId: string;
  docId: number;
  parentId: number;
  /** Who wrote the event replied to (names the list for screen readers). */
  parentAuthor: string;
  depth: number;
}

export function EventReplies({ appId, docId, parentId, parentAuthor, depth }: EventRepliesProps) {
  const { t } = useTranslation();
  const replies = useReplies(appId, docId, parentId, true);
  if (replies.isPending) return <LinearProgress sx={{ my: 1 }} />;
  if (replies.isError) return <Alert severity="error">{describeError(replies.error, t, t('activity.loadError'))}</Alert>;
  return (
    <Box
      component="ul"
      aria-label={t('activity.repliesTo', { name: parentAuthor })}
      data-testid="event-replies"
      data-depth={depth}
      sx={{ m: 0, pl: 2, borderLeft: 2, borderColor: 'divider' }}
    >
      {replies.data.dataAr.map((reply) => (
        <EventItem key={reply.id} appId={appId} event={reply} depth={depth} />
      ))}
    </Box>
  );
}
