import type { DataEntry, DataSearchResponse } from '@forecourt/contracts/lookups';
import { api } from '../../../lib/api/client.ts';

/** The reference-data calls of the data lookup answer (spec 3 §7 "Lookups"). */
export const searchDataTable = (table: string, searchTerm: string) =>
  api<DataSearchResponse>(`/lookup/data/${encodeURIComponent(table)}`, { query: { searchTerm } });

export const getDataEntry = (table: string, entry: string) =>
  api<DataEntry>(`/lookup/data/${encodeURIComponent(table)}/${encodeURIComponent(entry)}`);
