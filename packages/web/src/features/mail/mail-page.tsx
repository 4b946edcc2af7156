/**
 * The mail screen, `mail/{connector}/{folder}(/{uid})` (docs/product/mail.md#mail-screen): the
 * connectors and their folders on the left, the folder's messages 15 at a time, the chosen
 * message. Without the mail role: 'Not Authorised'; without a connector: 'Additional setup
 * required'. On a phone the list and the message take the whole width in turn.
 */
import { useState, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAIL_PAGE_SIZE, type MailConnectorAnswer, type MailFolderRef } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useSession } from '../../app/session-context.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { useMailConnectors, useMailList } from './mail-api.ts';
import { MailMessageView, personLabel } from './mail-message-view.tsx';
import { hasMailRole } from './mail-role.ts';

export function folderLabel(folder: MailFolderRef, t: (key: 'mail.inbox' | 'mail.sentItems') => string): string {
  if (folder.title === 'Inbox') return t('mail.inbox');
  if (folder.title === 'Sent Items') return t('mail.sentItems');
  return folder.title;
}

export function connectorLabel(connector: MailConnectorAnswer, t: (key: 'mail.myMail') => string): string {
  return connector.kind === 'personal' ? t('mail.myMail') : connector.title;
}

function FolderNav({ connectors, current, folder }: { connectors: MailConnectorAnswer[]; current: number; folder: string }) {
  const { t } = useTranslation();
  return (
    <Paper component="nav" aria-label={t('mail.folders')} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      {connectors.map((connector) => (
        <List
          key={connector.id}
          dense
          subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>{connectorLabel(connector, t)}</ListSubheader>}
        >
          {connector.folders.map((f) => (
            <ListItemButton
              key={f.path}
              component={RouterLink}
              to={`/mail/${connector.id}/${encodeURIComponent(f.path)}`}
              selected={connector.id === current && f.path === folder}
            >
              <ListItemText primary={folderLabel(f, t)} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Paper>
  );
}

function MessageList({ appId, connector, folder, uid }: { appId: string; connector: number; folder: string; uid: number | null }) {
  const { t, i18n } = useTranslation();
  const [start, setStart] = useState(0);
  const list = useMailList(appId, connector, folder, start, MAIL_PAGE_SIZE);
  if (list.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (list.isError) return <Alert severity="error">{describeError(list.error, t, t('mail.loadError'))}</Alert>;
  const { dataAr, folder: info } = list.data;
  const last = Math.min(start + MAIL_PAGE_SIZE, info.totalItemCount);
  return (
    <Box>
      {dataAr.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('mail.empty')}
        </Typography>
      ) : (
        <List dense data-testid="mail-list" sx={{ p: 0 }}>
          {dataAr.map((item) => {
            const isUnread = !item.flags.includes('SEEN');
            return (
              <ListItemButton
                key={item.uid}
                component={RouterLink}
                to={`/mail/${connector}/${encodeURIComponent(folder)}/${item.uid}`}
                selected={item.uid === uid}
                divider
                data-uid={item.uid}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" justifyContent="space-between" spacing={1}>
                      <Typography component="span" noWrap sx={{ fontWeight: isUnread ? 700 : 400, minWidth: 0 }}>
                        {item.subject || t('mail.noSubject')}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {formatDateTime(item.mail_received ?? item.mail_sent, i18n.language)}
                      </Typography>
                    </Stack>
                  }
                  secondary={
                    <>
                      <Typography component="span" variant="body2" noWrap sx={{ display: 'block' }}>
                        {item.sent ? item.mail_to.map(personLabel).join(', ') : personLabel(item.mail_from)}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                      >
                        {item.bodyPreview}
                      </Typography>
                    </>
                  }
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ p: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('mail.pageOf', {
            from: String(info.totalItemCount === 0 ? 0 : start + 1),
            to: String(last),
            total: String(info.totalItemCount),
          })}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={start === 0} onClick={() => setStart(Math.max(0, start - MAIL_PAGE_SIZE))}>
            {t('mail.previous')}
          </Button>
          <Button size="small" disabled={last >= info.totalItemCount} onClick={() => setStart(start + MAIL_PAGE_SIZE)}>
            {t('mail.next')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Where connectors are set up: the caller's own My Mail, and for administrators the organisation's. */
function MailSettingsLinks({ isAdministrator }: { isAdministrator: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button size="small" component={RouterLink} to="/mail/settings" data-testid="my-mail-settings-link">
        {t('mailSettings.myMailLink')}
      </Button>
      {isAdministrator && (
        // Named as the page it opens: 'Mail settings' is the organisation's mail setting, which that page links to.
        <Button size="small" component={RouterLink} to="/admin/settings/mail" data-testid="mail-connectors-link">
          {t('mailSettings.connectorsTitle')}
        </Button>
      )}
    </Stack>
  );
}

/** The page's heading over what it says instead of mail: every screen names itself to a screen reader (WCAG 2.4.6). */
function MailHeadingOver({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('mail.title')}
      </Typography>
      {children}
    </Box>
  );
}

export default function MailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const params = useParams();
  const isAllowed = hasMailRole(session.user.roles);
  const connectors = useMailConnectors(session.appId, isAllowed);
  usePageTitle(t('mail.title'), { label: t('mail.title'), to: '/mail' });

  if (!isAllowed)
    return (
      <MailHeadingOver>
        <Alert severity="warning" data-testid="mail-not-authorised">
          <AlertTitle>{t('mail.notAuthorisedTitle')}</AlertTitle>
          {t('mail.notAuthorised')}
        </Alert>
      </MailHeadingOver>
    );
  if (connectors.isPending) return <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />;
  if (connectors.isError)
    return (
      <MailHeadingOver>
        <Alert severity="error">{describeError(connectors.error, t, t('mail.loadError'))}</Alert>
      </MailHeadingOver>
    );
  const list = connectors.data;
  if (list.length === 0)
    return (
      // The links under the words, not beside them: beside, a phone's width broke each in two lines.
      <MailHeadingOver>
        <Alert severity="info" data-testid="mail-no-connectors">
          <AlertTitle>{t('mail.setupTitle')}</AlertTitle>
          {t('mail.noConnectors')}
          <Box sx={{ mt: 1, ml: -0.5 }}>
            <MailSettingsLinks isAdministrator={session.isAdministrator} />
          </Box>
        </Alert>
      </MailHeadingOver>
    );
  const connectorId = Number(params.connector);
  const connector = list.find((c) => c.id === connectorId);
  const folder = params.folder ?? '';
  if (!connector || !connector.folders.some((f) => f.path === folder)) {
    const first = list[0]!;
    return <Navigate to={`/mail/${first.id}/${encodeURIComponent(first.folders[0]?.path ?? 'INBOX')}`} replace />;
  }
  const uid = params.uid ? Number(params.uid) : null;
  const folderPath = `/mail/${connector.id}/${encodeURIComponent(folder)}`;
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="center" useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('mail.title')}
        </Typography>
        <MailSettingsLinks isAdministrator={session.isAdministrator} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
        <Box sx={{ display: { xs: uid ? 'none' : 'block', md: 'block' } }}>
          <FolderNav connectors={list} current={connector.id} folder={folder} />
        </Box>
        <Paper sx={{ flex: '1 1 320px', minWidth: 0, display: { xs: uid ? 'none' : 'block', md: 'block' } }}>
          <MessageList key={`${connector.id}/${folder}`} appId={session.appId} connector={connector.id} folder={folder} uid={uid} />
        </Paper>
        {uid !== null && (
          <Paper sx={{ flex: '2 1 400px', minWidth: 0, p: { xs: 2, sm: 3 } }}>
            <Button size="small" component={RouterLink} to={folderPath} sx={{ display: { md: 'none' }, mb: 1 }}>
              {t('common.back')}
            </Button>
            <MailMessageView
              key={uid}
              appId={session.appId}
              connector={connector.id}
              folder={folder}
              uid={uid}
              onGone={() => void navigate(folderPath, { replace: true })}
            />
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
