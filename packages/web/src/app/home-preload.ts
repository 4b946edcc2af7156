/**
 * The chunks of the screen sign-in leads to (the private layout and the dashboard,
 * docs/product/reporting.md#dashboard). The sign-in form starts them just after its token call,
 * so they download while the credentials are checked instead of after; the routes load the same
 * modules, so nothing is fetched twice. Neither is part of the sign-in route's own load. The
 * build puts each in one chunk (`build/home-chunks.ts`), so they take two of the browser's six
 * connections, not all of them.
 */
export const loadPrivateLayout = () => import('./private-layout.tsx');
export const loadDashboardRoute = () => import('../features/dashboard/dashboard-route.tsx');

export function preloadHome(): void {
  void loadPrivateLayout();
  void loadDashboardRoute();
}
