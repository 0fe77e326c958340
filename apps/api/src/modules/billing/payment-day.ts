import type { Quote } from '@forecourt/contracts/proposals';
import {
  instalmentFor,
  isPaymentDay,
  type MonthlyPlan,
  proRataPartsByDay,
  transitionalPeriodEnd,
} from '@forecourt/domain/billing/schedule';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { paidInFull } from '@forecourt/domain/policy/term';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, policyVersions, statements } from '../../db/schema/index.ts';
import { anyOf } from '../../db/values.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, forbidden, notFound, validation } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { requireStaffActingFor } from '../../lib/roles.ts';
import {
  type AccountRow,
  draftStatement,
  lockAccount,
  PAYMENT_DAY_CHANGE_KEY,
  postLine,
} from './ledger-store.ts';

function planOf(quote: unknown) {
  const totals = (quote as Quote | undefined)?.totals;
  if (!totals?.monthly) return null;
  return { first: totals.monthly.first, regular: totals.monthly.regular, freeMonths: totals.freeMonths ?? 0 };
}

/** A policy version's monthly plan and the moment it takes effect, in version order. */
export interface VersionPlan {
  from: Date;
  plan: MonthlyPlan;
  /**
   * When the version was made (the database's time of its row, as a line's `createdAt` is): a line posted before it
   * was priced without it (ADR 407).
   */
  madeAt: Date;
}

/**
 * Every version's monthly plan of many policies in one query (the billing run, ADR 320; issue 26, ADR 344), in
 * version order: a statement bills each day at the version in force that day (`periodChargeByDay`).
 */
export async function versionPlansOf(db: Db, policyIds: string[]) {
  const out = new Map<string, VersionPlan[]>();
  if (policyIds.length === 0) return out;
  const rows = await db
    .select({
      policyId: policyVersions.policyId,
      startedAt: policyVersions.startedAt,
      createdAt: policyVersions.createdAt,
      totals: sql<unknown>`${policyVersions.quote}->'totals'`,
    })
    .from(policyVersions)
    .where(anyOf(policyVersions.policyId, policyIds))
    .orderBy(policyVersions.policyId, asc(policyVersions.versionNumber));
  for (const r of rows) {
    const plan = planOf({ totals: typeof r.totals === 'string' ? JSON.parse(r.totals) : r.totals });
    if (!plan) continue;
    const list = out.get(r.policyId) ?? [];
    list.push({ from: r.startedAt, plan, madeAt: r.createdAt });
    out.set(r.policyId, list);
  }
  return out;
}

/** The prices of a period: each version's instalment for the period's month (1 = the month bought at checkout). */
export const pricesFor = (versions: readonly VersionPlan[], month: number) =>
  versions.map((v) => ({ from: v.from, instalment: instalmentFor(month, v.plan) }));

/** The rows of a raw `db.execute` (node-postgres and PGlite answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** The product kind of a policy's scheme in the brand's configuration. */
export function productOf(ctx: Pick<Ctx, 'brand'>, schemeCode: string) {
  return schemeOf(ctx.brand.schemes, schemeCode)?.product;
}

/** What a customer asking to change the payment day is told (staff change it for them). */
export const PAYMENT_DAY_STAFF_ONLY = 'Only staff can change the payment day.';

/**
 * Staff change an account's payment day (spec 2 §4, §5; ADR 200): only with the brand's
 * `allowModifyBillingDay`, for a subscription whose account is active, to a day from 1 to 28, and only when
 * it differs. The paid period is kept; the next statement moves to the first new payment date on or after
 * the end of it, and the days between are charged by a pro-rata debit journal on the next statement.
 */
export async function changePaymentDay(
  ctx: Ctx,
  input: { accountId?: string; policyId?: string; paymentDay: number },
): Promise<{ paymentDay: number; changed: boolean; journal: number; nextPaymentAt: string | null }> {
  requireStaffActingFor(ctx.caller, PAYMENT_DAY_STAFF_ONLY);
  if (!ctx.brand.features.allowModifyBillingDay) {
    throw forbidden('The payment day cannot be changed for this brand.');
  }
  const scope = owned(ctx);
  const account = input.accountId
    ? await scope.first(customerAccounts, eq(customerAccounts.id, input.accountId))
    : await scope.first(customerAccounts, eq(customerAccounts.policyId, input.policyId ?? ''));
  if (!account) throw notFound('No such account');
  if (!isPaymentDay(input.paymentDay)) {
    throw validation({ paymentDay: ['Choose a day from 1 to 28.'] });
  }
  const [policy] = await ctx.db.select().from(policies).where(eq(policies.id, account.policyId));
  const product = policy && productOf(ctx, policy.schemeCode);
  if (!product || paidInFull(product)) {
    throw new AppError('UNPROCESSABLE', 'Only a monthly subscription has a payment day.');
  }
  if (policy.status !== 'ACTIVE' && policy.status !== 'PENDING') {
    throw new AppError('UNPROCESSABLE', 'The policy has ended.');
  }
  // A policy set to end is not billed past its end (ADR 344): no new payment day, no transitional period.
  if (policy.terminatedAt)
    throw new AppError('UNPROCESSABLE', 'The policy is set to end: its payment day stays.');
  return ctx.db.transaction(async (tx) => {
    const locked = (await lockAccount(tx, account.id)) as AccountRow;
    if (locked.status !== 'ACTIVE') {
      throw new AppError('UNPROCESSABLE', 'The account is suspended: settle the balance first.');
    }
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    if (locked.paymentDay === input.paymentDay) {
      return {
        paymentDay: locked.paymentDay,
        changed: false,
        journal: 0,
        nextPaymentAt: iso(locked.billedUntil),
      };
    }
    const from = locked.billedUntil ?? ctx.clock.now();
    // No transitional period near the end of the term (R1): the day changes and the run bills the paid period's
    // end to the expiry as the last period (ADR 368).
    const next = transitionalPeriodEnd(from, input.paymentDay, policy.expiredAt);
    if (!next) {
      await tx
        .update(customerAccounts)
        .set({ paymentDay: input.paymentDay })
        .where(eq(customerAccounts.id, locked.id));
      return {
        paymentDay: input.paymentDay,
        changed: true,
        journal: 0,
        nextPaymentAt: iso(locked.billedUntil),
      };
    }
    // Each day at the regular instalment in force that day, as a statement's days are (a change already made
    // may take effect inside the transitional period): one journal line per price (ADR 368).
    const versions = (await versionPlansOf(tx, [locked.policyId])).get(locked.policyId) ?? [];
    const parts = proRataPartsByDay(
      versions.map((v) => ({ from: v.from, instalment: v.plan.regular })),
      from,
      next,
    ).filter((part) => part.amount > 0);
    const journal = parts.reduce((sum, part) => sum + part.amount, 0);
    if (journal > 0) {
      const draft = await draftStatement(tx, locked.id);
      for (const part of parts) {
        await postLine(tx, draft, {
          type: 'debit_journal',
          size: part.amount,
          descriptionKey: PAYMENT_DAY_CHANGE_KEY,
          descriptionValue: String(input.paymentDay),
          servicePeriodStart: part.start,
          servicePeriodEnd: part.end,
          effectiveAt: ctx.clock.now(),
        });
      }
      await tx
        .update(statements)
        .set({ subtotalPence: draft.subtotalPence + journal })
        .where(and(eq(statements.id, draft.id), eq(statements.status, 'draft')));
    }
    await tx
      .update(customerAccounts)
      .set({ paymentDay: input.paymentDay, billedUntil: next })
      .where(eq(customerAccounts.id, locked.id));
    return { paymentDay: input.paymentDay, changed: true, journal, nextPaymentAt: next.toISOString() };
  });
}
