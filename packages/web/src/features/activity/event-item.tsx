/**
 * One timeline entry: who, what (type, on behalf of, changed fields), the text with More/Less,
 * its files, Edit / Delete under docs/product/workflow-and-timeline.md#event-rules, Reply, and the nested replies.
 * An edited event says "edited", which opens its earlier versions; a deleted one is a tombstone
 * ('Deleted by X on date', docs/product/workflow-and-timeline.md#event-history). Lists outside the
 * document (Recent Activity) offer no Delete. Replies can be
 * answered too: the thread nests, indented, as deep as the server keeps it (MAX_REPLY_DEPTH; a
 * reply to the deepest level joins that level's thread, where it then shows). Comments and
 * imported mail offer Translate (docs/product/administration.md#translation).
 */
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { initialsOf } from '../../app/initials.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useContentTranslation } from '../../components/content-translation.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { ToneChip } from '../../components/status-chip.tsx';
import { EventAttachments } from './event-attachments.tsx';
import { MailEventHeading } from './mail-event-heading.tsx';
import { EventEditor } from './event-editor.tsx';
import { canDeleteEvent, canEditEvent, changedFieldsOf, eventTypeKey, toneOf } from './event-labels.ts';
import { EventReplies } from './event-replies.tsx';
import { EventVersionsDialog } from './event-versions-dialog.tsx';
import { useAddComment, useDeleteEvent, useEditEvent } from './events-api.ts';
import { ExpandableText } from './expandable-text.tsx';

type Mode = 'view' | 'edit' | 'reply';

interface EventItemProps {
  appId: string;
  event: EventAnswer;
  /** 0 for a top-level event, 1 for a reply to it, and so on. */
  depth?: number;
  /** Lists outside the document (Recent Activity) show events without Reply, Delete or their replies. */
  isThreadHidden?: boolean;
}

export function EventItem({ appId, event, depth = 0, isThreadHidden = false }: EventItemProps) {
  const { t, i18n } = useTranslation();
  const showMessage = useMessageBar();
  const [mode, setMode] = useState<Mode>('view');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRepliesOpen, setIsRepliesOpen] = useState(false);
  const [isVersionsOpen, setIsVersionsOpen] = useState(false);
  const edit = useEditEvent(appId, event.doc_id);
  const remove = useDeleteEvent(appId, event.doc_id);
  const reply = useAddComment(appId, event.doc_id);
  const fields = changedFieldsOf(event);
  const author = event.meta.created_by.display_name;
  const replyCount = event.meta.events.total;
  const onError = (fallback: string) => (error: unknown) => showMessage(describeError(error, t, fallback), 'error');
  const deleted = event.meta.deleted;
  const isEdited = event.meta.updated_date !== null && deleted === null;
  const translation = useContentTranslation(appId, fields.length > 0 || deleted ? '' : event.descrip);

  return (
    <Box
      component="li"
      data-testid="event-item"
      data-event-type={event.type}
      data-deleted={deleted ? 'true' : undefined}
      data-depth={depth}
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, py: 1.5 }}
    >
      <Avatar sx={{ width: 32, height: 32, fontSize: 14 }} alt="">
        {initialsOf(author)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography variant="subtitle2" component="span">
            {author}
          </Typography>
          <ToneChip tone={toneOf(event.type)} size="small" label={t(eventTypeKey(event.type))} />
          {event.on_behalf_of && (
            <Typography variant="body2" color="text.secondary" component="span">
              {t('activity.onBehalfOf', { name: event.on_behalf_of.display_name })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="span">
            {formatDateTime(event.meta.created_date, i18n.language)}
            {isEdited && (
              <>
                {' · '}
                <Link
                  component="button"
                  type="button"
                  variant="caption"
                  color="inherit"
                  onClick={() => setIsVersionsOpen(true)}
                  title={t('activity.showVersions')}
                  data-testid="event-edited"
                >
                  {t('activity.edited')}
                </Link>
              </>
            )}
          </Typography>
        </Stack>
        {deleted ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.5 }} data-testid="event-tombstone">
            {t('activity.deletedBy', { name: deleted.by.display_name, date: formatDateTime(deleted.date, i18n.language) })}
          </Typography>
        ) : mode === 'edit' ? (
          <EventEditor
            label={t('activity.edit')}
            initial={event.descrip}
            isBusy={edit.isPending}
            onCancel={() => setMode('view')}
            onSave={(descrip) =>
              edit.mutate({ id: event.id, descrip }, { onSuccess: () => setMode('view'), onError: onError(t('activity.saveError')) })
            }
          />
        ) : (
          <>
            {event.type === 'import_mail' && <MailEventHeading event={event} />}
            <ExpandableText text={fields.length > 0 ? '' : translation.text} />
            {translation.alert}
          </>
        )}
        {fields.length > 0 && (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="changed-fields">
            {t('activity.changedFields', { fields: fields.join(', ') })}
          </Typography>
        )}
        {!deleted && <EventAttachments docId={event.doc_id} names={event.attachments} known={event.meta.parent.attachments} />}
        {mode === 'view' && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, ml: -1 }} useFlexGap flexWrap="wrap">
            {translation.action}
            {!isThreadHidden && !deleted && (
              <Button size="small" onClick={() => setMode('reply')}>
                {t('activity.reply')}
              </Button>
            )}
            {canEditEvent(event) && (
              <Button size="small" onClick={() => setMode('edit')}>
                {t('activity.edit')}
              </Button>
            )}
            {!isThreadHidden && canDeleteEvent(event) && (
              <Button size="small" color="error" onClick={() => setIsConfirming(true)}>
                {t('activity.delete')}
              </Button>
            )}
            {!isThreadHidden && replyCount > 0 && (
              <Button size="small" onClick={() => setIsRepliesOpen(!isRepliesOpen)} aria-expanded={isRepliesOpen}>
                {t('activity.replies', { count: replyCount })}
              </Button>
            )}
          </Stack>
        )}
        {mode === 'reply' && (
          <EventEditor
            label={t('activity.replyLabel')}
            isBusy={reply.isPending}
            onCancel={() => setMode('view')}
            onSave={(descrip) =>
              reply.mutate(
                { descrip, parentId: event.id },
                {
                  onSuccess: (answer) => {
                    setMode('view');
                    // Under this event, or (at the deepest level) beside it in the open thread.
                    if (answer.parent_id === event.id) setIsRepliesOpen(true);
                  },
                  onError: onError(t('activity.saveError')),
                },
              )
            }
          />
        )}
        {!isThreadHidden && isRepliesOpen && (
          <EventReplies appId={appId} docId={event.doc_id} parentId={event.id} parentAuthor={author} depth={depth + 1} />
        )}
      </Box>
      {isEdited && (
        <EventVersionsDialog
          appId={appId}
          docId={event.doc_id}
          eventId={event.id}
          isOpen={isVersionsOpen}
          onClose={() => setIsVersionsOpen(false)}
        />
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('activity.delete')}
        confirmLabel={t('activity.delete')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() => remove.mutate(event.id, { onSuccess: () => setIsConfirming(false), onError: onError(t('activity.deleteError')) })}
      >
        {t('activity.deleteConfirm')}
      </ConfirmDialog>
    </Box>
  );
}
