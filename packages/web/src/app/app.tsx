import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { AppThemeProvider } from './app-theme-provider.tsx';
import { ColorModeProvider } from './color-mode.tsx';
import { MessageBarProvider } from './message-bar.tsx';
import { queryClient } from './query-client.ts';
import { router } from './routes.tsx';
import { routeHashLinks } from './hash-links.ts';

// Once for the page: every `#/…` link is the router's navigation (hash-links.ts).
if (typeof document !== 'undefined') routeHashLinks(router);

export function App() {
  return (
    <ColorModeProvider>
      <AppThemeProvider>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <MessageBarProvider>
              <RouterProvider router={router} />
            </MessageBarProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </AppThemeProvider>
    </ColorModeProvider>
  );
}
