import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { signOut } from '../api/auth.ts';
import { usePageTitle } from '../app/page-title.ts';
import { FullPageMessage } from './full-page-message.tsx';

export const NO_SUBSCRIPTION = 'no_subscription';

/** What the app itself hands the error route besides its address (`NoSubscriptionRedirect`). */
export interface ErrorRouteState {
  from?: string;
  /** The words of `error_message`, when this tab's app sent the user here. */
  message?: string;
}

/**
 * The route `error?error=&error_message=` (docs/product/forms-and-lists.md#screens-and-routes) with
 * Sign out and Try again. Its words come from the app, never from the address: `error` is a code
 * (`no_subscription`, else the plain 'Error'), and `error_message` is shown only when the app that
 * navigated here handed it over too — a link anyone can send cannot put its own words on Docket's
 * page (docs/product/security.md#sign-in-messages).
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: ErrorRouteState | null };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const error = params.get('error') ?? '';
  const addressMessage = params.get('error_message') ?? '';
  const errorMessage = state?.message && state.message === addressMessage ? addressMessage : '';
  const isNoSubscription = error === NO_SUBSCRIPTION;
  const title = isNoSubscription ? t('pages.noSubscription') : t('pages.errorTitle');
  usePageTitle(title);

  const tryAgain = () => {
    // Forget failed answers so the private area asks the server again.
    queryClient.removeQueries();
    void navigate('/', { replace: true });
  };
  const signOutNow = async () => {
    await signOut();
    queryClient.clear();
    void navigate('/login?message=logged_out', { replace: true });
  };

  return (
    <FullPageMessage
      icon={<ErrorIcon />}
      title={title}
      actions={
        <>
          <Button variant="outlined" onClick={() => void signOutNow()}>
            {t('common.signOut')}
          </Button>
          <Button variant="contained" onClick={tryAgain}>
            {t('common.tryAgain')}
          </Button>
        </>
      }
    >
      {isNoSubscription && <Typography color="text.secondary">{t('pages.noSubscriptionHint')}</Typography>}
      {errorMessage && <Typography color="text.secondary">{errorMessage}</Typography>}
    </FullPageMessage>
  );
}
