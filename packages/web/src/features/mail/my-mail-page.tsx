/**
 * mail/settings: the caller's own 'My Mail' (docs/product/mail.md#connector-settings): their own
 * mailbox with their own credentials, which nobody else sees or uses. Members with the mail role
 * set it up, test it, change it or remove it; without the role: 'Not Authorised'.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ConnectorForm } from './connector-form.tsx';
import { hasMailRole } from './mail-role.ts';
import { useDeleteMyMail, useMyMailSettings } from './mail-settings-api.ts';

export default function MyMailPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('mailSettings.myMailTitle'), { label: t('mail.title'), to: '/mail' });
  if (!hasMailRole(session.user.roles))
    return (
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="mail-not-authorised">
        <AlertTitle>{t('mail.notAuthorisedTitle')}</AlertTitle>
        {t('mail.notAuthorised')}
      </Alert>
    );
  return <MyMail appId={session.appId} />;
}

function MyMail({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const mine = useMyMailSettings(appId);
  const remove = useDeleteMyMail(appId);
  const [isDeleting, setDeleting] = useState(false);
  if (mine.isPending) return <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />;
  if (mine.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {describeError(mine.error, t, t('mail.loadError'))}
      </Alert>
    );
  const current = mine.data;
  return (
    <Paper sx={{ mt: 2, p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('mailSettings.myMailTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography color="text.secondary">{current ? t('mailSettings.myMailHint') : t('mailSettings.myMailEmpty')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button component={RouterLink} to="/mail">
            {t('mailSettings.openMail')}
          </Button>
          {current && (
            <Button color="error" onClick={() => setDeleting(true)} data-testid="my-mail-delete">
              {t('common.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      {current?.last_error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('mailSettings.lastError', { error: current.last_error })}
        </Alert>
      )}
      <ConnectorForm
        key={current ? `saved-${current.id}` : 'new'}
        scope="mine"
        initial={current}
        onSaved={() => showMessage(t('mailSettings.saved', { title: t('mail.myMail') }), 'success')}
      />
      <ConfirmDialog
        isOpen={isDeleting}
        title={t('mailSettings.deleteConnector', { title: t('mail.myMail') })}
        confirmLabel={t('common.delete')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              showMessage(t('mailSettings.deleted', { title: t('mail.myMail') }), 'success');
              setDeleting(false);
            },
            onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
          })
        }
      >
        {t('mailSettings.deleteMyMailConfirm')}
      </ConfirmDialog>
    </Paper>
  );
}
