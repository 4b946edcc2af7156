/**
 * The dashboard's full-page states (docs/product/reporting.md#dashboard), with the error page's Sign
 * out and Try again. With no report to show, an administrator is told where reports are made and
 * given a link there: 'Ask an administrator' left the organisation's own administrator stuck.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/SettingsSuggestOutlined';
import { signOut } from '../../api/auth.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { FullPageMessage } from '../../components/full-page-message.tsx';

/** Where an organisation's reports are listed and created (Administration › Reports). */
export const REPORTS_HREF = '/admin/report';

/** 'Some configuration still needs to be completed': no report the user may read. */
export function NoReportMessage() {
  const { t } = useTranslation();
  const { isAdministrator } = useSession();
  return isAdministrator ? (
    <DashboardMessage
      title={t('dashboard.configIncomplete')}
      text={t('dashboard.configIncompleteAdminText')}
      action={
        <Button variant="contained" component={RouterLink} to={REPORTS_HREF} data-testid="dashboard-open-reports">
          {t('dashboard.openReports')}
        </Button>
      }
    />
  ) : (
    <DashboardMessage title={t('dashboard.configIncomplete')} text={t('dashboard.configIncompleteText')} />
  );
}

export function DashboardMessage({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
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
          <Button variant={action ? 'outlined' : 'contained'} onClick={tryAgain}>
            {t('common.tryAgain')}
          </Button>
          {action}
        </>
      }
    >
      {text && <Typography color="text.secondary">{text}</Typography>}
    </FullPageMessage>
  );
}
