/**
 * `/dashboard` and `/dashboard/{reportId}` (docs/product/reporting.md#dashboard). Without a report
 * id the user goes to the organisation's default report, else the first one they may read, else
 * 'Some configuration still needs to be completed' (for an administrator, with a link to the reports).
 */
import './i18n/register.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../app/session-context.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useReportList } from '../reporting-api/index.ts';
import { NoReportMessage } from './dashboard-messages.tsx';
import { DashboardReport } from './dashboard-report.tsx';
import { defaultReportIdOf, landingReportId } from './landing.ts';

/** Set when the landing chose the report, so a default that is gone falls back to the first readable one. */
export interface LandingState {
  fromLanding?: boolean;
}

export default function DashboardRoute() {
  const { reportId } = useParams();
  if (reportId === undefined) return <DashboardLanding />;
  const id = Number(reportId);
  if (!Number.isInteger(id) || id <= 0) return <NoReportMessage />;
  return <DashboardReport key={id} reportId={id} />;
}

function DashboardLanding() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const defaultId = defaultReportIdOf(session);
  // The default report is tried at once (no extra round trip); the list decides only without one.
  const reports = useReportList(session.appId);
  if (defaultId !== null)
    return (
      <Navigate
        to={{ pathname: `/dashboard/${defaultId}`, search: location.search }}
        replace
        state={{ fromLanding: true } satisfies LandingState}
      />
    );
  if (reports.isPending) return <LoadingScreen label={t('common.loading')} />;
  const id = landingReportId(null, reports.data ?? []);
  if (id === null) return <NoReportMessage />;
  return <Navigate to={{ pathname: `/dashboard/${id}`, search: location.search }} replace />;
}

export { landingReportId };
