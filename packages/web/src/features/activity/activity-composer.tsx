/**
 * The activity panel's box (docs/product/workflow-and-timeline.md#events): write a comment or drop files.
 * Files upload in one step (docs/product/workflow-and-timeline.md#events): picking or dropping them
 * sends them at once, with the text written so far as their description. States: idle, uploading
 * (chips of the files on their way).
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { MAX_FILES_PER_UPLOAD } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useAddComment, useUploadAttachments } from './events-api.ts';
import { useFileDrop } from './use-file-drop.ts';
import type { UploadPanelState } from './use-file-drop.ts';

export function ActivityComposer({ appId, docId }: { appId: string; docId: number }) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const comment = useAddComment(appId, docId);
  const upload = useUploadAttachments(appId, docId);
  const isBusy = comment.isPending || upload.isPending;
  const drop = useFileDrop({
    isDisabled: isBusy,
    onIgnored: () => showMessage(t('activity.ignoredFiles'), 'warning'),
    onTruncated: () => showMessage(t('activity.tooManyFiles', { max: String(MAX_FILES_PER_UPLOAD) }), 'warning'),
  });
  const state: UploadPanelState = upload.isPending ? 'uploading' : drop.files.length > 0 ? 'chosen' : 'idle';

  const cancel = () => {
    setText('');
    drop.clear();
  };
  const addComment = () =>
    comment.mutate(
      { descrip: text.trim() },
      { onSuccess: () => setText(''), onError: (error) => showMessage(describeError(error, t, t('activity.saveError')), 'error') },
    );
  // Files picked or dropped go up at once: no second click on a button that is easy to miss.
  const { files, clear } = drop;
  const { mutate: send, isPending: isSending } = upload;
  useEffect(() => {
    if (files.length === 0 || isSending) return;
    send(
      { files, descrip: text.trim() },
      {
        onSuccess: () => {
          showMessage(t('activity.uploaded', { count: files.length }), 'success');
          setText('');
          clear();
        },
        // The files stay listed (nothing lost): picking another file sends them all again; a chip's
        // delete drops one.
        onError: () => showMessage(t('activity.uploadError'), 'error'),
      },
    );
    // The text is read when the files arrive, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files]);
  const addAttachments = () => picker.current?.click();

  return (
    <Paper
      variant="outlined"
      data-testid="activity-composer"
      data-state={state}
      {...drop.dropHandlers}
      sx={{
        p: 2,
        position: 'relative',
        borderStyle: drop.isDragging ? 'dashed' : 'solid',
        borderColor: drop.isDragging ? 'primary.main' : 'divider',
      }}
    >
      <TextField
        label={t('activity.composer')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        disabled={isBusy}
      />
      {drop.isDragging && (
        <Typography color="primary" sx={{ mt: 1 }}>
          {t('activity.dropHere')}
        </Typography>
      )}
      {state !== 'idle' && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {state === 'uploading' ? t('activity.uploading') : t('activity.filesChosen', { count: drop.files.length })}
          </Typography>
          <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} sx={{ mt: 1 }} data-testid="chosen-files">
            {drop.files.map((file) => (
              <Chip key={file.name} label={file.name} onDelete={isBusy ? undefined : () => drop.remove(file.name)} />
            ))}
          </Stack>
          {state === 'uploading' && <LinearProgress sx={{ mt: 1 }} />}
        </Box>
      )}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="attachment-input"
        onChange={(event) => {
          drop.offer(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }} justifyContent="flex-end" useFlexGap flexWrap="wrap">
        <Button onClick={cancel} disabled={isBusy || (text === '' && drop.files.length === 0)}>
          {t('activity.cancel')}
        </Button>
        <Button
          startIcon={<AttachFileIcon />}
          onClick={addAttachments}
          disabled={isBusy}
          variant={state === 'chosen' ? 'contained' : 'outlined'}
        >
          {t('activity.addAttachments')}
        </Button>
        <Button variant="contained" onClick={addComment} disabled={isBusy || state !== 'idle' || text.trim() === ''}>
          {t('activity.addComment')}
        </Button>
      </Stack>
    </Paper>
  );
}
