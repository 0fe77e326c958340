import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, the queries under `queryKey` are fetched again by a fresh request. `invalidateQueries` alone
 * is not enough on a query's first load: with no data yet, TanStack Query joins the fetch already in flight
 * rather than cancel it, and that request may have been read before the write (the Direct Debit mandate made on
 * return from the bank, listed as none: ADR 367). So the fetches in flight are cancelled first; `meanwhile`
 * (the write's own answer put into the cache, say) is applied after they are, so a cancelled fetch's revert
 * cannot undo it.
 */
export async function refetchAfterWrite(
  client: QueryClient,
  queryKey: QueryKey,
  meanwhile?: () => void,
): Promise<void> {
  await client.cancelQueries({ queryKey });
  meanwhile?.();
  await client.invalidateQueries({ queryKey });
}
