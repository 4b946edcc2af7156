/**
 * `#/signup`: self sign-up for the authorised domains of an organisation that allows it
 * (docs/product/administration.md#subscriptions). Without a token, the person types their
 * address and gets a link by e-mail (the answer is the same for every address); with the link's
 * `?token=`, they choose their name and password, then sign in.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { completeSignup, requestSignup } from '../../api/signup-api.ts';
import { usePageTitle } from '../../app/page-title.ts';

export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  usePageTitle(t('signup.title'));
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 440 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('signup.title')}
        </Typography>
        {token ? <SetUpAccount token={token} /> : <AskForLink />}
        <Link component={RouterLink} to="/login">
          {t('signup.backToSignIn')}
        </Link>
      </Stack>
    </Paper>
  );
}

function AskForLink() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      await requestSignup(email.trim());
      setSent(t('signup.sent'));
    } catch (caught) {
      setError(describeError(caught, t, t('common.unknownError')));
    } finally {
      setIsBusy(false);
    }
  };
  if (sent) return <Alert severity="success">{sent}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography color="text.secondary">{t('signup.intro')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={isBusy || !email.includes('@')}>
        {t('signup.sendLink')}
      </Button>
    </Stack>
  );
}

function SetUpAccount({ token }: { token: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      const answer = await completeSignup(token, name.trim(), password);
      setDone(t('signup.done', { company: answer.company, email: answer.email }));
    } catch (caught) {
      setError(describeError(caught, t, t('common.unknownError')));
    } finally {
      setIsBusy(false);
    }
  };
  if (done) return <Alert severity="success">{done}</Alert>;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography color="text.secondary">{t('signup.setUpIntro')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label={t('signup.name')} autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      <TextField
        label={t('signup.password')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={isShort}
        helperText={t('invitation.passwordTooShort', { count: PASSWORD_MIN_LENGTH })}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={isBusy || !name.trim() || password.length < PASSWORD_MIN_LENGTH}>
        {t('signup.create')}
      </Button>
    </Stack>
  );
}
