import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportGlobalError } from './errors/global-errors.ts';

/**
 * One query client; any failed query or mutation opens the error modal (spec 1 §8) unless it says it handles
 * its own errors with `meta: { errorModal: false }`. 'Request aborted' never shows a modal.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorModal !== false) reportGlobalError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorModal !== false) reportGlobalError(error);
      },
    }),
    defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
}
