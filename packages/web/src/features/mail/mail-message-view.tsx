/**
 * One message on the mail screen (docs/product/mail.md#mail-screen): subject, sender, recipients,
 * dates, the body (HTML the server sanitised, cleaned again on display by RichText) and the
 * attachment names; 'Create Request' and 'Delete' with its confirmation. A sender nothing vouches
 * for is marked unverified (docs/product/mail.md#requests-from-mail).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import type { MailPerson } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { RichText } from '../../components/rich-text.tsx';
import { useCreateRequest, useDeleteMail, useMailMessage } from './mail-api.ts';
import { UnverifiedSender } from './unverified-sender.tsx';

export function personLabel(person: MailPerson | null): string {
  if (!person) return '';
  return person.name ? `${person.name} <${person.address}>` : person.address;
}

interface MailMessageViewProps {
  appId: string;
  connector: number;
  folder: string;
  uid: number;
  onGone: () => void;
}

export function MailMessageView({ appId, connector, folder, uid, onGone }: MailMessageViewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const show = useMessageBar();
  const message = useMailMessage(appId, connector, folder, uid);
  const remove = useDeleteMail(appId, connector, folder);
  const createRequest = useCreateRequest(appId, connector, folder);
  const [isConfirming, setIsConfirming] = useState(false);

  if (message.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (message.isError) return <Alert severity="error">{describeError(message.error, t, t('mail.unableToParse'))}</Alert>;
  const mail = message.data;
  return (
    <Box component="article" aria-labelledby="mail-subject" data-testid="mail-message">
      <Typography variant="h6" component="h2" id="mail-subject" sx={{ overflowWrap: 'anywhere' }}>
        {mail.subject || t('mail.noSubject')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('mail.from')}: {personLabel(mail.mail_from)}
        {mail.mail_from && !mail.mail_from_verified && <UnverifiedSender />}
      </Typography>
      {mail.mail_to.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('mail.to')}: {mail.mail_to.map(personLabel).join(', ')}
        </Typography>
      )}
      {mail.mail_sent && (
        <Typography variant="body2" color="text.secondary">
          {t('mail.sentDate')}: {formatDateTime(mail.mail_sent, i18n.language)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ my: 2 }} useFlexGap flexWrap="wrap">
        <Button
          variant="contained"
          loading={createRequest.isPending}
          onClick={() =>
            createRequest.mutate(uid, {
              onSuccess: (answer) => {
                show(t('mail.requestCreated'), 'success');
                void navigate(`/docs/${answer.doc_type}/${answer.doc_id}`);
              },
              onError: (error) => show(describeError(error, t, t('mail.loadError')), 'error'),
            })
          }
        >
          {t('mail.createRequest')}
        </Button>
        <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
          {t('common.delete')}
        </Button>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      {mail.content.trim() === '' ? (
        <Typography color="text.secondary">{t('mail.noContent')}</Typography>
      ) : mail.content_type === 'html' ? (
        <RichText text={mail.content} />
      ) : (
        <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{mail.content}</Box>
      )}
      {mail.attachments.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }} useFlexGap flexWrap="wrap" aria-label={t('mail.attachments')}>
          {mail.attachments.map((attachment, index) => (
            <Chip key={`${attachment.name}-${index}`} icon={<AttachFileIcon />} label={attachment.name} variant="outlined" />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('common.delete')}
        confirmLabel={t('common.delete')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(uid, {
            onSuccess: () => {
              setIsConfirming(false);
              onGone();
            },
            onError: () => {
              setIsConfirming(false);
              show(t('mail.deleteError'), 'error');
            },
          })
        }
      >
        {t('mail.deleteConfirm')}
      </ConfirmDialog>
    </Box>
  );
}
