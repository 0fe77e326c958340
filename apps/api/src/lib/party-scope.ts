import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { requireParty } from './auth.ts';
import type { Ctx } from './context.ts';

/** A table of customer data: every row belongs to one party (`party_id`). */
export type PartyTable = PgTable & { partyId: PgColumn };

/** Queries on customer tables that always carry `party_id = <the caller's party>` (ADR 155). */
export interface PartyScope {
  /** The caller's party: for inserts (`{ ...row, partyId: scope.partyId }`) and joins. */
  readonly partyId: string;
  /** `party_id = <caller's party> AND ...conditions`, for a query this helper does not cover. */
  where(table: PartyTable, ...conditions: (SQL | undefined)[]): SQL;
  /**
   * For a query prepared once (db/prepared.ts): `party_id = <the partyId placeholder> AND ...conditions`. The
   * same for every caller; run the query with `values(...)`, which fills the placeholder with this caller's party.
   */
  preparedWhere(table: PartyTable, ...conditions: (SQL | undefined)[]): SQL;
  /** The values of a query built with `preparedWhere`: `values` and the caller's party. */
  values<T extends Record<string, unknown>>(values: T): T & { partyId: string };
  /** The caller's rows of `table` that match the conditions. */
  rows<T extends PartyTable>(table: T, ...conditions: (SQL | undefined)[]): Promise<T['$inferSelect'][]>;
  /** The caller's first row of `table` that matches the conditions, or undefined. */
  first<T extends PartyTable>(
    table: T,
    ...conditions: (SQL | undefined)[]
  ): Promise<T['$inferSelect'] | undefined>;
}

/**
 * Customer data access for the caller: refuses a caller without a party — no session (401), or an admin
 * not impersonating a customer (403) — before any query is built, so a forgotten check cannot read another
 * party's rows. Another party's row is simply not found (the use case answers 404). `partyCheckedInQuery`: the
 * use case confirms an anonymous caller's party itself, in its own statements or by `confirmParty` (ADR 372).
 */
export function owned(
  ctx: Pick<Ctx, 'caller' | 'db'>,
  options: { partyCheckedInQuery?: boolean } = {},
): PartyScope {
  const partyId = requireParty(ctx.caller, options);
  const where = (table: PartyTable, ...conditions: (SQL | undefined)[]): SQL =>
    and(eq(table.partyId, partyId), ...conditions) as SQL;
  const rows = async <T extends PartyTable>(table: T, ...conditions: (SQL | undefined)[]) =>
    (await ctx.db
      .select()
      .from(table as PgTable)
      .where(where(table, ...conditions))) as T['$inferSelect'][];
  return {
    partyId,
    where,
    preparedWhere: (table, ...conditions) =>
      and(eq(table.partyId, sql.placeholder('partyId')), ...conditions) as SQL,
    values: (values) => ({ ...values, partyId }),
    rows,
    async first(table, ...conditions) {
      const found = await ctx.db
        .select()
        .from(table as PgTable)
        .where(where(table, ...conditions))
        .limit(1);
      return found[0] as (typeof table)['$inferSelect'] | undefined;
    },
  };
}
