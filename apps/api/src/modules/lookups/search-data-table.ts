import { type DataSearchResponse, type DataTable, minimumLookupChars } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';

/** Text search of a reference table, allowed only after the table's minimum characters (spec 3 §5). */
export async function searchDataTable(
  ctx: Ctx,
  input: { table: DataTable; searchTerm: string },
): Promise<DataSearchResponse> {
  const minimum = minimumLookupChars[input.table];
  if (input.searchTerm.length < minimum) {
    throw validation({ searchTerm: [`Enter at least ${minimum} characters`] });
  }
  return { items: await ctx.providers.referenceData.search(input.table, input.searchTerm) };
}
