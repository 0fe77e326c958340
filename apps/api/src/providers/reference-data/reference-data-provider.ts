import type { DataEntry, DataTable } from '@forecourt/contracts/lookups';

/** Reference-data tables (occupations, industries, conviction codes, claim types). */
export interface ReferenceDataProvider {
  readonly name: string;
  /** Entries whose name or code contains the text, best matches first. */
  search(table: DataTable, text: string, limit?: number): Promise<DataEntry[]>;
  /** One entry by its code (case-insensitive; an exact name also matches), or null. */
  get(table: DataTable, code: string): Promise<DataEntry | null>;
}
