/**
 * Import Mail in a document's activity panel (docs/product/mail.md#mail-import): choose a
 * connector and folder, pick a message from a list of 5 per page, import it (optionally deleting
 * it from the mailbox); the answer reads '{n} of {total} imported!'. Offered to members with the
 * mail role when the organisation has a connector.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAIL_PICKER_PAGE_SIZE, type MailConnectorAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';
import { useImportMail, useMailConnectors, useMailList } from './mail-api.ts';
import { personLabel } from './mail-message-view.tsx';
import { connectorLabel, folderLabel } from './mail-page.tsx';
import { hasMailRole } from './mail-role.ts';

function Picker({ docId, connectors, onDone }: { docId: number; connectors: MailConnectorAnswer[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const show = useMessageBar();
  const [choice, setChoice] = useState(`${connectors[0]!.id}|${connectors[0]!.folders[0]?.path ?? 'INBOX'}`);
  const [connectorText, folder] = choice.split('|') as [string, string];
  const connector = Number(connectorText);
  const [start, setStart] = useState(0);
  const [uid, setUid] = useState<number | null>(null);
  const [deleteFromSource, setDeleteFromSource] = useState(false);
  const list = useMailList(appId, connector, folder, start, MAIL_PICKER_PAGE_SIZE);
  const importMail = useImportMail(appId, docId);
  const total = list.data?.folder.totalItemCount ?? 0;
  return (
    <>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          label={t('mail.folders')}
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            setStart(0);
            setUid(null);
          }}
          sx={{ mt: 1 }}
        >
          {connectors.flatMap((c) =>
            c.folders.map((f) => (
              <MenuItem key={`${c.id}|${f.path}`} value={`${c.id}|${f.path}`}>
                {connectorLabel(c, t)} / {folderLabel(f, t)}
              </MenuItem>
            )),
          )}
        </TextField>
        {list.isPending && <LinearProgress sx={{ mt: 2 }} />}
        {list.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(list.error, t, t('mail.loadError'))}
          </Alert>
        )}
        {list.isSuccess && list.data.dataAr.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('mail.empty')}
          </Typography>
        )}
        <List dense data-testid="mail-picker">
          {list.data?.dataAr.map((item) => (
            <ListItemButton key={item.uid} selected={item.uid === uid} onClick={() => setUid(item.uid)} data-uid={item.uid}>
              <ListItemText primary={item.subject || t('mail.noSubject')} secondary={personLabel(item.mail_from)} />
            </ListItemButton>
          ))}
        </List>
        <Stack direction="row" alignItems="center" justifyContent="space-between">
          <Typography variant="body2" color="text.secondary">
            {t('mail.pageOf', {
              from: String(total === 0 ? 0 : start + 1),
              to: String(Math.min(start + MAIL_PICKER_PAGE_SIZE, total)),
              total: String(total),
            })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" disabled={start === 0} onClick={() => setStart(Math.max(0, start - MAIL_PICKER_PAGE_SIZE))}>
              {t('mail.previous')}
            </Button>
            <Button size="small" disabled={start + MAIL_PICKER_PAGE_SIZE >= total} onClick={() => setStart(start + MAIL_PICKER_PAGE_SIZE)}>
              {t('mail.next')}
            </Button>
          </Stack>
        </Stack>
        <FormControlLabel
          control={<Checkbox checked={deleteFromSource} onChange={(event) => setDeleteFromSource(event.target.checked)} />}
          label={t('mail.deleteFromSource')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={uid === null}
          loading={importMail.isPending}
          onClick={() => {
            if (uid === null) return show(t('mail.missingArguments'), 'warning');
            importMail.mutate(
              { connector, folder, uid, deleteFromSource },
              {
                onSuccess: (answer) => {
                  show(t('mail.imported', { count: answer.imported, total: String(answer.total) }), 'success');
                  onDone();
                },
                onError: (error) => show(describeError(error, t, t('mail.loadError')), 'error'),
              },
            );
          }}
        >
          {t('mail.import')}
        </Button>
      </DialogActions>
    </>
  );
}

/** The activity panel's Import Mail button and its picker; nothing without the mail role or a connector. */
export function ImportMailButton({ docId }: { docId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const isAllowed = hasMailRole(session.user.roles);
  const connectors = useMailConnectors(session.appId, isAllowed);
  const [isOpen, setIsOpen] = useState(false);
  if (!isAllowed || !connectors.data || connectors.data.length === 0) return null;
  return (
    <>
      <Button size="small" onClick={() => setIsOpen(true)}>
        {t('mail.importMail')}
      </Button>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} fullWidth maxWidth="sm" aria-labelledby="import-mail-title">
        <DialogTitle id="import-mail-title">{t('mail.importMail')}</DialogTitle>
        {isOpen && <Picker docId={docId} connectors={connectors.data} onDone={() => setIsOpen(false)} />}
      </Dialog>
    </>
  );
}
