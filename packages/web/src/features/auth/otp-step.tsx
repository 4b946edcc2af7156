import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OTP_LENGTH } from '@docket/shared';
import { signInWithOtp } from '../../api/auth.ts';
import { startHomeReads } from '../../app/home-preload.ts';
import { HOME_PATH, signInErrorText } from './sign-in-messages.ts';

/** The one-time-code step of sign-in (docs/product/identities-and-sign-in.md#sign-in): 6 digits, exchanged for tokens. */
export function OtpStep({ clientCode, onCancel, stayOnPage = false }: { clientCode: string; onCancel: () => void; stayOnPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError(t('signIn.otpInvalid'));
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const outcome = await signInWithOtp(clientCode, code);
      if (outcome.kind === 'signed-in' && !stayOnPage) {
        startHomeReads(queryClient, HOME_PATH);
        await navigate(HOME_PATH, { replace: true });
      }
    } catch (caught) {
      setError(signInErrorText(caught, t));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 }, maxWidth: 420, mx: 'auto', mt: { sm: 4 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h5" component="h1">
            {t('signIn.otpTitle')}
          </Typography>
          <Typography color="text.secondary">{t('signIn.otpHelp')}</Typography>
        </div>
        {error && (
          <Alert severity="error" role="alert" data-testid="sign-in-error">
            {error}
          </Alert>
        )}
        <TextField
          label={t('signIn.otpLabel')}
          value={code}
          autoFocus
          autoComplete="one-time-code"
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, pattern: '[0-9]*' } }}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isBusy}>
            {t('common.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {t('signIn.verify')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
