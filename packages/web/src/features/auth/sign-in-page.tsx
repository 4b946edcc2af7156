import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { signInWithAuthorizationCode, signInWithPassword } from '../../api/auth.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { OtpStep } from './otp-step.tsx';
import { FederatedSignIn } from './federated-sign-in.tsx';
import { preloadHome, startHomeReads } from '../../app/home-preload.ts';
import { HOME_PATH, signInErrorText, useSignInMessage } from './sign-in-messages.ts';

/**
 * Sign-in (docs/product/identities-and-sign-in.md#sign-in): credentials, then a token or a one-time-code step. A form, so
 * Enter submits; the server's error_description is shown as sent, else 'Unknown Error'.
 * `stayOnPage`: signed in, the page around it carries on (the invitation page) instead of going home.
 */
export function SignInPage({ stayOnPage = false }: { stayOnPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const goHome = () => {
    if (stayOnPage) return undefined;
    startHomeReads(queryClient, HOME_PATH);
    return navigate(HOME_PATH, { replace: true });
  };
  const [params] = useSearchParams();
  const routeMessage = useSignInMessage(params.get('message'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [clientCode, setClientCode] = useState<string | null>(null);
  usePageTitle(t('signIn.title'));
  const authorizationCode = params.get('code');
  const exchanged = useRef<string | null>(null);

  // A return from federated sign-in is exchanged once, without the user doing anything.
  useEffect(() => {
    if (!authorizationCode || exchanged.current === authorizationCode) return;
    exchanged.current = authorizationCode;
    setIsBusy(true);
    signInWithAuthorizationCode(authorizationCode)
      .then((outcome) => {
        if (outcome.kind === 'otp') setClientCode(outcome.clientCode);
        else return navigate(HOME_PATH, { replace: true });
      })
      .catch((caught: unknown) => setError(signInErrorText(caught, t)))
      .finally(() => setIsBusy(false));
  }, [authorizationCode, navigate, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('signIn.blank'));
      return;
    }
    setIsBusy(true);
    setError(null);
    // The token call first (fetch sends it at once), the home screen's chunks after: they must
    // not take the connections the token call needs (docs/product/reporting.md#dashboard).
    const signingIn = signInWithPassword(email.trim(), password);
    if (!stayOnPage) preloadHome();
    try {
      const outcome = await signingIn;
      if (outcome.kind === 'otp') setClientCode(outcome.clientCode);
      else await goHome();
    } catch (caught) {
      setError(signInErrorText(caught, t));
    } finally {
      setIsBusy(false);
    }
  };

  if (clientCode) return <OtpStep clientCode={clientCode} onCancel={() => setClientCode(null)} stayOnPage={stayOnPage} />;

  return (
    <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 3, sm: 4 }, maxWidth: 420, mx: 'auto', mt: { sm: 4 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h5" component="h1">
            {t('signIn.title')}
          </Typography>
          <Typography color="text.secondary">{t('signIn.subtitle')}</Typography>
        </div>
        {routeMessage && !error && <Alert severity="info">{routeMessage}</Alert>}
        {authorizationCode && isBusy && <Alert severity="info">{t('signIn.exchanging')}</Alert>}
        {error && (
          <Alert severity="error" role="alert" data-testid="sign-in-error">
            {error}
          </Alert>
        )}
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'email' } }}
        />
        <TextField
          label={t('signIn.password')}
          type={isPasswordShown ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setIsPasswordShown((shown) => !shown)}
                    aria-label={isPasswordShown ? t('signIn.hidePassword') : t('signIn.showPassword')}
                    edge="end"
                  >
                    {isPasswordShown ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isBusy}>
          {t('signIn.submit')}
        </Button>
        {!stayOnPage && <FederatedSignIn />}
        {!stayOnPage && (
          <Link component={RouterLink} to="/signup" variant="body2">
            {t('signup.link')}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
