import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** The reference-data calls of the data lookup answer (spec 3 §7 "Lookups"). */
export const searchDataTable = (table: string, searchTerm: string) =>
  call(endpoints.searchDataTable, { params: { table }, query: { searchTerm } });

export const getDataEntry = (table: string, entry: string) =>
  call(endpoints.getDataEntry, { params: { table, entry } });
