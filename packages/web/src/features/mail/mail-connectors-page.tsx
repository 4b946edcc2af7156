/**
 * admin/settings/mail: the organisation's mail connectors (docs/product/mail.md#connector-settings),
 * for administrators: each shared mailbox or IMAP inbox with its server, folders and last error;
 * add one, edit it, test its connection, delete it. Members' own 'My Mail' are theirs alone and
 * not listed here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MailConnectorSettingsAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { AdminGate } from '../admin/admin-gate.tsx';
import { ConnectorForm } from './connector-form.tsx';
import { connectorServerLine } from './connector-summary.ts';
import { folderLabel } from './mail-page.tsx';
import { useDeleteConnector, useOrganisationConnectors } from './mail-settings-api.ts';

export default function MailConnectorsPage() {
  const { t } = useTranslation();
  return (
    <AdminGate section={t('mailSettings.connectorsTitle')}>
      <MailConnectors />
    </AdminGate>
  );
}

/** null: the list; 'new': the form for a new connector; a number: the form of that connector. */
type Editing = null | 'new' | number;

function MailConnectors() {
  const { t } = useTranslation();
  const { appId } = useSession();
  const showMessage = useMessageBar();
  const connectors = useOrganisationConnectors(appId);
  const remove = useDeleteConnector(appId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MailConnectorSettingsAnswer | null>(null);
  usePageTitle(t('mailSettings.connectorsTitle'), { label: t('admin.title'), to: '/admin/configuration' });

  if (connectors.isPending) return <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />;
  if (connectors.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {describeError(connectors.error, t, t('mail.loadError'))}
      </Alert>
    );
  const list = connectors.data;
  const edited = typeof editing === 'number' ? list.find((connector) => connector.id === editing) : undefined;

  if (editing !== null && (editing === 'new' || edited))
    return (
      <Paper sx={{ mt: 2, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {edited ? t('mailSettings.editConnector', { title: edited.title }) : t('mailSettings.newConnector')}
        </Typography>
        <ConnectorForm
          key={edited?.id ?? 'new'}
          scope="organisation"
          initial={edited ?? null}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            showMessage(t('mailSettings.saved', { title: saved.title }), 'success');
            setEditing(null);
          }}
        />
      </Paper>
    );

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1">
        {t('mailSettings.connectorsTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Typography color="text.secondary">{t('mailSettings.connectorsHint')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {/* Whether mail import is on at all is the organisation's mail setting, beside its connectors. */}
          <Button component={RouterLink} to="/admin/configuration/mail" data-testid="org-mail-settings-link">
            {t('orgSettings.mail')}
          </Button>
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="connector-add">
            {t('mailSettings.addConnector')}
          </Button>
        </Stack>
      </Stack>
      {list.length === 0 ? (
        <Alert severity="info" data-testid="connectors-empty">
          {t('mail.noConnectors')}
        </Alert>
      ) : (
        list.map((connector) => (
          <Paper key={connector.id} sx={{ p: 2 }} data-testid="connector-row">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between">
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {connector.title}
                  </Typography>
                  <Chip size="small" label={t(connector.kind === 'imap' ? 'mailSettings.kindImap' : 'mailSettings.kindShared')} />
                  {!connector.enabled && <Chip size="small" color="warning" label={t('mailSettings.disabled')} />}
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {connectorServerLine(connector, t)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('mailSettings.foldersLine', {
                    folders: connector.folders.map((folder) => folderLabel(folder, t)).join(', '),
                    minutes: String(connector.poll_minutes),
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="connector-trust">
                  {connector.trusted_authserv_id
                    ? t('mailSettings.trustedServerLine', { id: connector.trusted_authserv_id })
                    : t('mailSettings.noTrustedServer')}
                </Typography>
                {connector.last_error && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    {t('mailSettings.lastError', { error: connector.last_error })}
                  </Alert>
                )}
              </Stack>
              <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ flexShrink: 0 }}>
                <Button onClick={() => setEditing(connector.id)} aria-label={t('mailSettings.editConnector', { title: connector.title })}>
                  {t('mailSettings.edit')}
                </Button>
                <Button
                  color="error"
                  onClick={() => setDeleting(connector)}
                  aria-label={t('mailSettings.deleteConnector', { title: connector.title })}
                >
                  {t('common.delete')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        ))
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('mailSettings.deleteConnector', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showMessage(t('mailSettings.deleted', { title: deleting.title }), 'success');
              setDeleting(null);
            },
            onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
          })
        }
      >
        {t('mailSettings.deleteConfirm')}
      </ConfirmDialog>
    </Stack>
  );
}
