import type { DataEntry } from '@forecourt/contracts/lookups';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export const LOOKUP_DEBOUNCE_MS = 250;

/** getDataEntry: the entry, or null when the table has no such code (a 404 is no result, spec 1 §8). */
export async function getDataEntry(table: string, code: string): Promise<DataEntry | null> {
  try {
    return await call(endpoints.getDataEntry, { params: { table, entry: code } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useDataEntryCheck(table: string) {
  return useMutation({ mutationFn: (code: string) => getDataEntry(table, code) });
}

/** searchData: only once `minimumLookupChars` are typed, 250 ms after typing stops. */
export function useDataSearch(table: string, text: string, minimumLookupChars: number) {
  const settled = useDebouncedValue(text.trim(), LOOKUP_DEBOUNCE_MS);
  return useQuery({
    queryKey: queryKeys.dataSearch(table, settled),
    queryFn: ({ signal }) =>
      call(endpoints.searchDataTable, {
        params: { table },
        query: { searchTerm: settled },
        signal,
      }),
    enabled: settled.length >= Math.max(1, minimumLookupChars),
  });
}
