import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, createHashRouter } from 'react-router';
import { useStoredSession } from '../api/use-stored-session.ts';
import { RouteCrashFallback } from '../components/crash-fallback.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { HOME_PATH } from '../features/auth/sign-in-messages.ts';
import { dashboardRoute, privateLayout } from './home-preload.ts';
import { PublicLayout } from './public-layout.tsx';

// Everything behind sign-in loads on demand, so the sign-in screen's bundle stays small.
const PrivateLayout = privateLayout.Component;
const DocumentListPage = lazy(() => import('../features/documents/document-list-page.tsx'));
const DocumentRoute = lazy(() => import('../features/documents/document-route.tsx'));
const RecentActivityPage = lazy(() => import('../features/activity/recent-activity-page.tsx'));
const SearchPage = lazy(() => import('../features/search/search-page.tsx'));
const AdminHomePage = lazy(() => import('../features/admin/admin-home-page.tsx'));
const AdminSectionPage = lazy(() => import('../features/admin/admin-section-page.tsx'));
const AdminRecordPage = lazy(() => import('../features/admin/admin-record-page.tsx'));
const SchemaEditorPage = lazy(() => import('../features/admin/schema-editor-page.tsx'));
const DirectorySettingsPage = lazy(() => import('../features/admin/directory-settings-page.tsx'));
const ServerTasksPage = lazy(() => import('../features/admin/server-tasks-page.tsx'));
const SubscriptionPage = lazy(() => import('../features/admin/subscription-page.tsx'));
const OrgSettingsPage = lazy(() => import('../features/admin/org-settings/org-settings-page.tsx'));
const MailPage = lazy(() => import('../features/mail/mail-page.tsx'));
const MyMailPage = lazy(() => import('../features/mail/my-mail-page.tsx'));
const MailConnectorsPage = lazy(() => import('../features/mail/mail-connectors-page.tsx'));

const MetricsPage = lazy(() => import('../features/metrics/metrics-page.tsx'));
const DashboardRoute = dashboardRoute.Component;
// Opened from an invitation e-mail, signed in or not; loads on demand like the private screens.
const InvitationPage = lazy(() => import('../features/auth/invitation-page.tsx').then((m) => ({ default: m.InvitationPage })));

// Opened from an external approver's e-mail, without sign-in (docs/product/workflow-and-timeline.md#external-approvers).
const ExternalApprovalPage = lazy(() =>
  import('../features/external-approval/external-approval-page.tsx').then((m) => ({ default: m.ExternalApprovalPage })),
);

function ExternalApprovalRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <ExternalApprovalPage />
    </Suspense>
  );
}

// Self sign-up and account set-up links (docs/product/administration.md#subscriptions).
const SignupPage = lazy(() => import('../features/auth/signup-page.tsx').then((m) => ({ default: m.SignupPage })));

function SignupRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <SignupPage />
    </Suspense>
  );
}

function InvitationRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <InvitationPage />
    </Suspense>
  );
}

function PrivateArea({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen label={t('common.initialising')} fullHeight />}>
      <PrivateLayout>{children}</PrivateLayout>
    </Suspense>
  );
}

/** `/`: sign-in when signed out; the private area's home otherwise (docs/product/forms-and-lists.md#screens-and-routes). */
function HomeRoute() {
  return useStoredSession() ? (
    <Navigate to={HOME_PATH} replace />
  ) : (
    <PublicLayout>
      <SignInPage />
    </PublicLayout>
  );
}

function LoginRoute() {
  return useStoredSession() ? <Navigate to={HOME_PATH} replace /> : <SignInPage />;
}

/** Unknown routes keep the user's frame: the private shell when signed in, else the public one. */
function NotFoundRoute() {
  return useStoredSession() ? (
    <PrivateArea>
      <NotFoundPage />
    </PrivateArea>
  ) : (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}

export const router = createHashRouter([
  {
    path: '/',
    errorElement: <RouteCrashFallback />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'invitation', element: <InvitationRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'external-approval', element: <ExternalApprovalRoute /> },
          { path: 'error', element: <ErrorPage /> },
        ],
      },
      {
        element: <PrivateArea />,
        children: [
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'dashboard/:reportId', element: <DashboardRoute /> },
          { path: 'docs/search', element: <SearchPage /> },
          { path: 'docs/$$event', element: <RecentActivityPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'metrics', element: <MetricsPage /> },
          { path: 'docs/schema/:id', element: <SchemaEditorPage /> },
          { path: 'docs/:type', element: <DocumentListPage /> },
          { path: 'docs/:type/:id', element: <DocumentRoute /> },
          { path: 'mail', element: <MailPage /> },
          { path: 'mail/settings', element: <MyMailPage /> },
          { path: 'mail/:connector/:folder', element: <MailPage /> },
          { path: 'mail/:connector/:folder/:uid', element: <MailPage /> },
          { path: 'admin', element: <AdminHomePage /> },
          { path: 'admin/configuration', element: <AdminHomePage /> },
          { path: 'admin/schemas/:id', element: <SchemaEditorPage /> },
          { path: 'admin/settings/directory', element: <DirectorySettingsPage /> },
          { path: 'admin/settings/mail', element: <MailConnectorsPage /> },
          { path: 'admin/configuration/directory', element: <DirectorySettingsPage /> },
          { path: 'admin/settings/tasks', element: <ServerTasksPage /> },
          { path: 'admin/configuration/tasks', element: <ServerTasksPage /> },
          { path: 'admin/settings/subscription', element: <SubscriptionPage /> },
          { path: 'admin/configuration/subscription', element: <SubscriptionPage /> },
          { path: 'admin/settings/:name', element: <OrgSettingsPage /> },
          { path: 'admin/configuration/:name', element: <OrgSettingsPage /> },
          { path: 'admin/:section', element: <AdminSectionPage /> },
          { path: 'admin/:section/:id', element: <AdminRecordPage /> },
          { path: 'administration/*', element: <Navigate to="/admin/configuration" replace /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
