/**
 * Who sent a connector's mail (docs/product/mail.md#requests-from-mail). An organisation's
 * connector may name its trusted mail server: the authserv-id the organisation's own mail server
 * writes in Authentication-Results. Only that server's verdict proves who sent a message, so
 * without it the form says plainly that no sender is verified. My Mail never names one (its owner
 * can put any message in their own mailbox, headers included): its form says instead that its
 * senders are never verified, rather than offering a field the server refuses.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface ConnectorSenderTrustProps {
  idPrefix: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function ConnectorSenderTrust({ idPrefix, value, error, onChange }: ConnectorSenderTrustProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('mailSettings.senderTrust')}
      </Typography>
      <TextField
        id={`${idPrefix}-trusted-server`}
        label={t('mailSettings.trustedServer')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('mailSettings.trustedServerHint')}
        slotProps={{
          htmlInput: { maxLength: 255, spellCheck: false, autoCapitalize: 'none', 'data-testid': `${idPrefix}-trusted-server` },
        }}
        fullWidth
      />
      {!value.trim() && (
        <Alert severity="info" data-testid="no-trusted-server">
          {t('mailSettings.noTrustedServer')}
        </Alert>
      )}
    </Box>
  );
}

/** In place of the field on My Mail: why a message's sender shows as unverified there. */
export function MyMailSendersUnverified() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="my-mail-senders-unverified">
      {t('mailSettings.myMailSendersUnverified')}
    </Alert>
  );
}
