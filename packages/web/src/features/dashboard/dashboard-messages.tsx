/** The dashboard's full-page states (docs/product/reporting.md#dashboard), with the error page's Sign out and Try again. */
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/SettingsSuggestOutlined';
import { signOut } from '../../api/auth.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { FullPageMessage } from '../../components/full-page-message.tsx';

export function DashboardMessage({ title, text }: { title: string; text?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(title);
  const tryAgain = () => {
    queryClient.removeQueries({ queryKey: ['reporting'] });
    void navigate('/dashboard', { replace: true });
  };
  const signOutNow = async () => {
    await signOut();
    queryClient.clear();
    void navigate('/login?message=logged_out', { replace: true });
  };
  return (
    <FullPageMessage
      icon={<SettingsIcon />}
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
      {text && <Typography color="text.secondary">{text}</Typography>}
    </FullPageMessage>
  );
}
