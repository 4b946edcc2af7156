/**
 * The connector's trusted mail server (docs/product/mail.md#requests-from-mail): the authserv-id
 * its own mail server writes in Authentication-Results. Only that server's verdict proves who sent
 * a message, so without it the form says plainly that no sender is verified.
 */
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** What the server accepts: an RFC 8601 authserv-id as a mail server writes it, without spaces, quotes, `;` or comments. */
export const TRUSTED_SERVER_PATTERN = /^[^\s;()"\\]*$/;

interface ConnectorSenderTrustProps {
  idPrefix: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function ConnectorSenderTrust({ idPrefix, value, error, onChange }: ConnectorSenderTrustProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-trusted-server`}
        label={t('mailSettings.trustedServer')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('mailSettings.trustedServerHint')}
        slotProps={{ htmlInput: { maxLength: 255, spellCheck: false, autoCapitalize: 'none' } }}
        fullWidth
      />
      {!value.trim() && (
        <Alert severity="info" data-testid="no-trusted-server">
          {t('mailSettings.noTrustedServer')}
        </Alert>
      )}
    </>
  );
}
