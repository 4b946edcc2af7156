/**
 * The chunks of the screen sign-in leads to (the private layout and the dashboard,
 * docs/product/reporting.md#dashboard). The sign-in form starts them just after its token call,
 * so they download while the credentials are checked instead of after; the routes load the same
 * modules, so nothing is fetched twice. Neither is part of the sign-in route's own load. The
 * build puts each in one chunk (`build/home-chunks.ts`), so they take two of the browser's six
 * connections, not all of them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../api/instance.ts';
import { sessionQuery } from '../api/queries.ts';
import { preloadable } from '../components/preloadable.tsx';

export const privateLayout = preloadable(() => import('./private-layout.tsx'));
export const dashboardRoute = preloadable(() => import('../features/dashboard/dashboard-route.tsx'));

export function preloadHome(): void {
  privateLayout.preload();
  dashboardRoute.preload();
}

/**
 * Called the moment the token arrives, before the address changes: the session call goes out at
 * once instead of after the private layout's chunk has been evaluated and its gate has mounted
 * (about a third of a second on a 2-core machine), and the dashboard's reads the moment it
 * answers. The gate and the dashboard find the answers, or the calls in flight, under the same
 * keys. `homePath` is where sign-in is going: its report is the one read.
 */
export function startHomeReads(queryClient: QueryClient, homePath: string): void {
  const appId = sessionStore.get()?.appId ?? null;
  // A failure is not reported here: the gate reads again and says why.
  queryClient
    .fetchQuery(sessionQuery(appId))
    .then(async (answer) => {
      if (!answer.subscription.active) return;
      // In the private layout's chunk, which sign-in has started loading already.
      const { prefetchDashboard } = await import('../features/dashboard/dashboard-prefetch.ts');
      prefetchDashboard(
        queryClient,
        { subscription: answer.subscription, appId: answer.subscription.app_id },
        { pathname: homePath, search: '' },
      );
    })
    .catch(() => undefined);
}
