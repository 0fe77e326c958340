import { randomUUID } from 'node:crypto';
import { paymentMethodNeeded } from '@forecourt/domain/billing/payment-method';
import type { PolicyStatus } from '@forecourt/domain/enums';
import { canTakeUpLapsedRenewal } from '@forecourt/domain/renewal-take-up';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import {
  customerAccounts,
  paymentMethodChanges,
  paymentMethods,
  policies,
  proposals,
} from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import type { EventHandlers } from '../../lib/domain-events.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { lockAccount } from './ledger-store.ts';
import { productOf } from './payment-day.ts';

/** A client reference naming a customer account (an id); proposal codes (prp_…) are not accounts. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isAccountReference = (ref: string | undefined): ref is string => ref !== undefined && UUID.test(ref);

/**
 * A card set-up session or a Direct Debit redirect flow started for an account (ADR 310, registered with
 * payments as a set-up check): the caller's own account (another's is not found: 404), whose policy still
 * has payments to collect (spec 1 §4: not paid in full, not ended; otherwise 422), or a lapsed renewal to take up.
 */
export async function assertAccountNeedsMethod(
  ctx: Ctx,
  partyId: string,
  clientReference: string | undefined,
) {
  if (!isAccountReference(clientReference)) return;
  const [row] = await ctx.db
    .select({ policyId: policies.id, schemeCode: policies.schemeCode, status: policies.status })
    .from(customerAccounts)
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(and(eq(customerAccounts.id, clientReference), eq(customerAccounts.partyId, partyId)));
  if (!row) throw notFound('No such account');
  const needed = paymentMethodNeeded({
    product: productOf(ctx, row.schemeCode),
    policyStatus: row.status as PolicyStatus,
    renewalOpen: (await renewalsOpenToTakeUp(ctx.db, [row.policyId], ctx.clock.now())).has(row.policyId),
  });
  if (!needed) {
    throw new AppError('UNPROCESSABLE', 'This policy has no more payments to collect.');
  }
}

/**
 * The lapsed policies among these whose renewal quote can still be taken up (ADR 335): a card or mandate set up
 * for them pays the take-up (ADR 400), so one that no longer collects can be replaced.
 */
export async function renewalsOpenToTakeUp(db: Db, policyIds: string[], now: Date): Promise<Set<string>> {
  if (policyIds.length === 0) return new Set();
  const rows = await db
    .select({
      id: policies.id,
      status: policies.status,
      renewalStopped: policies.renewalStopped,
      reviewType: policies.reviewType,
      proposalStatus: proposals.status,
      quoteExpiresAt: proposals.quoteExpiresAt,
    })
    .from(policies)
    .innerJoin(proposals, eq(proposals.proposalCode, policies.renewalProposalCode))
    .where(and(inArray(policies.id, policyIds), eq(policies.status, 'LAPSED')));
  return new Set(
    rows
      .filter((r) =>
        canTakeUpLapsedRenewal(r, { status: r.proposalStatus, quoteExpiresAt: r.quoteExpiresAt }, now),
      )
      .map((r) => r.id),
  );
}

/**
 * Payments' method-ready handler (ADR 310): the new card or active mandate becomes the account's collecting
 * method, once (a change is recorded per account and new method; a repeat changes nothing). The old method
 * stays on file; it is released (a mandate is then cancelled at the provider) unless another account of the
 * customer still collects by it.
 */
export const useMethodForAccount: EventHandlers['paymentMethod.ready'] = async (
  ctx,
  { partyId, clientReference, method },
) => {
  if (!isAccountReference(clientReference) || method.partyId !== partyId) return { released: [] };
  const account = await lockAccount(ctx.db, clientReference);
  if (!account || account.partyId !== partyId || account.paymentMethodId === method.id) {
    return { released: [] };
  }
  const [change] = await ctx.db
    .insert(paymentMethodChanges)
    .values({
      id: randomUUID(),
      accountId: account.id,
      fromMethodId: account.paymentMethodId,
      toMethodId: method.id,
      changedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!change) return { released: [] };
  await ctx.db
    .update(customerAccounts)
    .set({ paymentMethodType: method.type, paymentMethodId: method.id })
    .where(eq(customerAccounts.id, account.id));
  const old = account.paymentMethodId;
  if (!old) return { released: [] };
  const [stillUsed] = await ctx.db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.paymentMethodId, old), ne(customerAccounts.id, account.id)))
    .limit(1);
  return { released: stillUsed ? [] : [old] };
};

/**
 * Replaced mandates (ADR 310) that no account collects by and that are not yet cancelled: a release kept back
 * while a debit of the mandate was on its way (ADR 377), or a cancellation the provider refused. The billing
 * run releases them; `releaseMandate` still keeps one whose debit is on its way.
 */
export async function replacedMandatesNotReleased(db: Db): Promise<string[]> {
  // From the changes (few) rather than every method on file: run by every billing run.
  const rows = await db
    .selectDistinct({ id: paymentMethods.id })
    .from(paymentMethodChanges)
    .innerJoin(paymentMethods, eq(paymentMethods.id, paymentMethodChanges.fromMethodId))
    .where(
      and(
        eq(paymentMethods.type, 'BACS_DEBIT'),
        ne(paymentMethods.mandateStatus, 'CANCELLED'),
        sql`NOT EXISTS (SELECT 1 FROM ${customerAccounts} WHERE ${customerAccounts.paymentMethodId} = ${paymentMethods.id})`,
      ),
    );
  return rows.map((r) => r.id);
}
