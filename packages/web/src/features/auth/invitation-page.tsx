import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@docket/shared';
import { isApiRequestError } from '../../api/api-error.ts';
import { acceptInvitation, lookupInvitation } from '../../api/invitations-api.ts';
import { useStoredSession } from '../../api/use-stored-session.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useEmailedLink } from '../../components/use-emailed-link.ts';
import { signOut } from '../../api/auth.ts';
import { HOME_PATH } from './sign-in-messages.ts';
import { SignInPage } from './sign-in-page.tsx';
import { acceptInvitationWithNewPassword, type InvitationLookup } from './invitation-claim-api.ts';

/** Refusals the link can meet, by the server's code, in the user's language. */
const REFUSALS = {
  not_found: 'invitation.unknown',
  invitation_expired: 'invitation.expired',
  invitation_accepted: 'invitation.used',
  invitation_cancelled: 'invitation.cancelled',
} as const;

/**
 * `#/invitation?token=`: the link an invitation e-mail carries (docs/product/identities-and-sign-in.md).
 * Signed out, the person signs in here with their own account and stays on the page; signed in,
 * they accept. When their session came from a password an administrator set (or a directory),
 * the server asks for their own new password first, and they sign in again with it afterwards.
 * An account with no password of its own (none, or one an organisation's administrator set)
 * accepts from the link alone: the person chooses their password here, without signing in.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useStoredSession();
  const {
    answer: invitation,
    refusal,
    setRefusal,
    refusalOf,
  } = useEmailedLink<InvitationLookup>(Boolean(token), token, () => lookupInvitation(token), REFUSALS);
  const [error, setError] = useState<string | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [isDoneSignInAgain, setIsDoneSignInAgain] = useState(false);
  usePageTitle(t('invitation.title'));

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && password.length < PASSWORD_MIN_LENGTH) {
      setError(t('invitation.passwordTooShort', { count: PASSWORD_MIN_LENGTH }));
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const answer = await acceptInvitation(token, needsPassword ? password : undefined);
      if (answer.sign_in_again) setIsDoneSignInAgain(true);
      else await navigate(HOME_PATH, { replace: true });
    } catch (caught) {
      if (isApiRequestError(caught) && caught.code === 'own_password_required') setNeedsPassword(true);
      else if (isApiRequestError(caught) && caught.code in REFUSALS) setRefusal(refusalOf(caught));
      else setError(refusalOf(caught));
    } finally {
      setIsBusy(false);
    }
  };

  /** From the link alone: the account has no password of its own, so the person chooses it here. */
  const claim = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(t('invitation.passwordTooShort', { count: PASSWORD_MIN_LENGTH }));
      return;
    }
    if (password !== repeated) {
      setError(t('invitation.passwordsDiffer'));
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      await acceptInvitationWithNewPassword(token, password);
      setIsDoneSignInAgain(true);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.code in REFUSALS) setRefusal(refusalOf(caught));
      else setError(refusalOf(caught));
    } finally {
      setIsBusy(false);
    }
  };

  const frame = { p: { xs: 3, sm: 4 }, maxWidth: 420, mx: 'auto', mt: { sm: 4 } } as const;
  // The invitation card and the sign-in card share one centred column of the sign-in card's width
  // (a Stack resets its children's margins, so the column itself is centred, not the cards).
  const column = { maxWidth: 420, mx: 'auto', mt: { sm: 4 } } as const;
  if (isDoneSignInAgain) {
    return (
      <Paper sx={frame}>
        <Stack spacing={2}>
          <Alert severity="success" data-testid="invitation-accepted">
            {t('invitation.acceptedSignInAgain', { company: invitation?.company ?? '' })}
          </Alert>
          <Link component={RouterLink} to="/login">
            {t('signIn.submit')}
          </Link>
        </Stack>
      </Paper>
    );
  }
  if (refusal) {
    return (
      <Paper sx={frame}>
        <Alert severity="error" role="alert" data-testid="invitation-refused">
          {refusal}
        </Alert>
      </Paper>
    );
  }
  if (!invitation) return <Typography sx={{ p: 4 }}>{t('common.loading')}</Typography>;
  if (invitation.own_password === false) {
    return (
      <Paper component="form" noValidate onSubmit={claim} sx={frame} data-testid="invitation-choose-password">
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('invitation.heading', { company: invitation.company })}
          </Typography>
          <Typography>{t('invitation.intro', { company: invitation.company, email: invitation.email })}</Typography>
          <Alert severity="info">{t('invitation.choosePassword', { email: invitation.email })}</Alert>
          {error && (
            <Alert severity="error" role="alert" data-testid="invitation-error">
              {error}
            </Alert>
          )}
          <NewPasswordField value={password} onChange={setPassword} />
          <TextField
            label={t('invitation.repeatPassword')}
            type="password"
            autoComplete="new-password"
            value={repeated}
            onChange={(event) => setRepeated(event.target.value)}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={isBusy}>
              {t('invitation.accept')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack spacing={2} sx={column}>
      <Paper component="form" noValidate onSubmit={accept} sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('invitation.heading', { company: invitation.company })}
          </Typography>
          <Typography>{t('invitation.intro', { company: invitation.company, email: invitation.email })}</Typography>
          {!session && <Alert severity="info">{t('invitation.signInFirst', { email: invitation.email })}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {session && needsPassword && (
            <>
              <Alert severity="warning">{t('invitation.ownPasswordNeeded')}</Alert>
              <NewPasswordField value={password} onChange={setPassword} />
            </>
          )}
          {session && (
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={isBusy}>
                {t('invitation.accept')}
              </Button>
              <Button onClick={() => void signOut()} disabled={isBusy}>
                {t('invitation.otherAccount')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
      {!session && <SignInPage stayOnPage />}
    </Stack>
  );
}

/** The person's own new password, with the length rule under it. */
function NewPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('invitation.newPassword')}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={t('invitation.passwordTooShort', { count: PASSWORD_MIN_LENGTH })}
    />
  );
}
