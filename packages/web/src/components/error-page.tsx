import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { signOut } from '../api/auth.ts';
import { usePageTitle } from '../app/page-title.ts';
import { FullPageMessage } from './full-page-message.tsx';

export const NO_SUBSCRIPTION = 'no_subscription';

/** The route `error?error=&error_message=` (docs/product/forms-and-lists.md#screens-and-routes) with Sign out and Try again. */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const error = params.get('error') ?? '';
  const errorMessage = params.get('error_message') ?? '';
  const isNoSubscription = error === NO_SUBSCRIPTION;
  const title = isNoSubscription ? t('pages.noSubscription') : error || t('pages.errorTitle');
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
