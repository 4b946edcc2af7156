/**
 * Where and how a connector signs in (docs/product/mail.md#connector-settings): the mail server,
 * its security (choosing one sets its usual port), the port, the user name, password or OAuth2
 * token, and the secret. The secret is write-only: the field is always empty, and with one stored
 * it says so and an empty field keeps it.
 */
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MailSecurityMode } from '@docket/shared';
import { portAfterSecurity, type ChangeDraft, type Draft, type DraftErrors, type DraftField } from './connector-draft.ts';

interface ConnectorServerFieldsProps {
  prefix: string;
  draft: Draft;
  errors: DraftErrors;
  hasStoredSecret: boolean;
  onChange: ChangeDraft;
}

export function ConnectorServerFields({ prefix, draft, errors, hasStoredSecret, onChange }: ConnectorServerFieldsProps) {
  const { t } = useTranslation();
  const fieldProps = (field: DraftField) => ({ error: Boolean(errors[field]), helperText: errors[field] ?? ' ', fullWidth: true });
  const secretLabel = t(draft.auth === 'oauth2' ? 'mailSettings.token' : 'mailSettings.password');
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <TextField
          label={t('mailSettings.host')}
          value={draft.host}
          onChange={(event) => onChange({ host: event.target.value })}
          required
          slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `${prefix}-host`, autoCapitalize: 'none', spellCheck: false } }}
          {...fieldProps('host')}
        />
        <TextField
          select
          label={t('mailSettings.security')}
          value={draft.security}
          onChange={(event) => {
            const security = event.target.value as MailSecurityMode;
            onChange({ security, port: portAfterSecurity(draft, security) });
          }}
          helperText={draft.security === 'none' ? t('mailSettings.plainHint') : ' '}
          fullWidth
          slotProps={{ select: { inputProps: { 'data-testid': `${prefix}-security` } } }}
        >
          <MenuItem value="tls">{t('mailSettings.tls')}</MenuItem>
          <MenuItem value="starttls">{t('mailSettings.starttls')}</MenuItem>
          <MenuItem value="none">{t('mailSettings.none')}</MenuItem>
        </TextField>
        <TextField
          label={t('mailSettings.port')}
          value={draft.port}
          onChange={(event) => onChange({ port: event.target.value })}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${prefix}-port` } }}
          {...fieldProps('port')}
          sx={{ maxWidth: { sm: 140 } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
        <TextField
          label={t('mailSettings.user')}
          value={draft.user}
          onChange={(event) => onChange({ user: event.target.value })}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 320, 'data-testid': `${prefix}-user`, autoCapitalize: 'none', spellCheck: false } }}
          {...fieldProps('user')}
        />
        <TextField
          select
          label={t('mailSettings.auth')}
          value={draft.auth}
          onChange={(event) => onChange({ auth: event.target.value as Draft['auth'] })}
          helperText=" "
          fullWidth
        >
          <MenuItem value="password">{t('mailSettings.password')}</MenuItem>
          <MenuItem value="oauth2">{t('mailSettings.oauth2')}</MenuItem>
        </TextField>
        <TextField
          label={secretLabel}
          type="password"
          value={draft.secret}
          onChange={(event) => onChange({ secret: event.target.value })}
          required={!hasStoredSecret}
          autoComplete="new-password"
          placeholder={hasStoredSecret ? t('mailSettings.secretKept') : undefined}
          slotProps={{
            htmlInput: { maxLength: 8192, 'data-testid': `${prefix}-secret` },
            inputLabel: { shrink: hasStoredSecret || undefined },
          }}
          {...fieldProps('secret')}
          helperText={errors.secret ?? (hasStoredSecret ? t('mailSettings.secretKeptHint') : t('mailSettings.secretHint'))}
        />
      </Stack>
    </>
  );
}
