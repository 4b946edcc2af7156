import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/api-error.ts';

/**
 * Retries only what a retry can fix (server faults and unreachable server): a 4xx answer will
 * not change, and a 401 has already been through the client's refresh.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 1 && isApiRequestError(error) && (error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
    },
  },
});
