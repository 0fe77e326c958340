import type { DataEntry, DataTable } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

/** One reference-table entry by code; 404 means no result (spec 1 §8). */
export async function getDataEntry(ctx: Ctx, input: { table: DataTable; entry: string }): Promise<DataEntry> {
  const entry = await ctx.providers.referenceData.get(input.table, input.entry);
  if (!entry) throw notFound(`No ${input.table} entry ${input.entry}`);
  return entry;
}
