import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerPayments, paymentMethods } from '../../db/schema/index.ts';
import { anyOf, valuesTable } from '../../db/values.ts';
import { mapWithLimit } from '../../lib/concurrency.ts';
import type { Ctx } from '../../lib/context.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import type { SavedCardChargeResult } from '../../providers/card-payments/card-payments-provider.ts';

export type StatementCharge = SavedCardChargeResult | { status: 'no_card' };

/**
 * The billing run's card collection (ADR 202): charges the party's saved card off-session for a PENDING
 * customer payment. The provider's idempotency key is the payment and the attempt, so two workers, a retried
 * job or a run after a crash get the one charge of that attempt back, never a second. Writes nothing: the
 * caller records the outcome with `recordCharge` in the transaction that posts it to the ledger.
 */
export async function chargeSavedCard(
  ctx: Pick<Ctx, 'db' | 'providers'>,
  input: { paymentId: string; paymentMethodId: string | null; attempt: number; description: string },
): Promise<StatementCharge> {
  const { payment, method } = await paymentAndMethod(ctx.db, input.paymentId, input.paymentMethodId, 'CARD');
  if (!method) return { status: 'no_card' };
  return ctx.providers.cardPayments.chargeSavedCard({
    paymentMethodReference: method.providerReference,
    amountPence: payment.amountPence,
    currency: 'gbp',
    description: input.description,
    idempotencyKey: `${payment.id}:${input.attempt}`,
    metadata: { paymentId: payment.id, partyId: payment.partyId, purpose: payment.purpose },
  });
}

/** One PENDING customer payment of a page the billing run collects by card (ADR 320). */
export interface CardCollection {
  paymentId: string;
  partyId: string;
  purpose: string;
  amountPence: number;
  attempt: number;
  paymentMethodId: string | null;
  description: string;
}

/**
 * `chargeSavedCard` for a page of payments (ADR 320): the party's own saved cards read in one query, the
 * provider called with at most `concurrency` charges in flight, each with the key `<payment>:<attempt>`.
 * Writes nothing; answers the outcomes in the page's order.
 */
export async function chargeSavedCards(
  ctx: Pick<Ctx, 'db' | 'providers'>,
  page: readonly CardCollection[],
  concurrency: number,
): Promise<StatementCharge[]> {
  const ids = [...new Set(page.flatMap((p) => (p.paymentMethodId ? [p.paymentMethodId] : [])))];
  const methods = ids.length
    ? await ctx.db
        .select()
        .from(paymentMethods)
        .where(and(anyOf(paymentMethods.id, ids), eq(paymentMethods.type, 'CARD')))
    : [];
  const byId = new Map(methods.map((m) => [m.id, m]));
  return mapWithLimit(page, concurrency, async (p): Promise<StatementCharge> => {
    const method = p.paymentMethodId ? byId.get(p.paymentMethodId) : undefined;
    if (!method || method.partyId !== p.partyId) return { status: 'no_card' };
    return ctx.providers.cardPayments.chargeSavedCard({
      paymentMethodReference: method.providerReference,
      amountPence: p.amountPence,
      currency: 'gbp',
      description: p.description,
      idempotencyKey: `${p.paymentId}:${p.attempt}`,
      metadata: { paymentId: p.paymentId, partyId: p.partyId, purpose: p.purpose },
    });
  });
}

/**
 * `recordCharge` for a page (ADR 320), in the caller's transaction: one UPDATE moving only payments still
 * PENDING; answers the ids this call moved (another run's are left out).
 */
export async function recordCharges(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  page: readonly { paymentId: string; charge: StatementCharge }[],
): Promise<Set<string>> {
  const now = ctx.clock.now().toISOString();
  const moved = new Set<string>();
  if (page.length === 0) return moved;
  const rows = page.map(({ paymentId, charge }) =>
    charge.status === 'succeeded'
      ? [paymentId, SETTLE.to, charge.paymentReference, null]
      : [paymentId, FAIL.to, null, charge.status === 'declined' ? charge.declineCode : 'no_card'],
  );
  const res = await ctx.db.execute(
    sql`UPDATE customer_payments c SET status = v.status, decline_code = v.code, updated_at = ${now}::timestamptz,
          provider = CASE WHEN v.status = ${SETTLE.to} THEN ${ctx.providers.cardPayments.name} ELSE c.provider END,
          provider_reference = coalesce(v.ref, c.provider_reference),
          settled_at = CASE WHEN v.status = ${SETTLE.to} THEN ${now}::timestamptz ELSE c.settled_at END
        FROM ${valuesTable('v', 'id uuid, status text, ref text, code text', rows)}
        WHERE c.id = v.id AND c.status = 'PENDING' RETURNING c.id`,
  );
  for (const r of res.rows as { id: string }[]) moved.add(r.id);
  return moved;
}

/**
 * Records a charge's outcome on a PENDING customer payment, in the caller's transaction; answers the row when
 * this call moved it (exactly one caller does), undefined when another already had.
 */
export async function recordCharge(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  paymentId: string,
  charge: StatementCharge,
) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(customerPayments)
    .set(
      charge.status === 'succeeded'
        ? {
            status: SETTLE.to,
            provider: ctx.providers.cardPayments.name,
            providerReference: charge.paymentReference,
            settledAt: now,
            updatedAt: now,
          }
        : {
            status: FAIL.to,
            declineCode: charge.status === 'declined' ? charge.declineCode : 'no_card',
            updatedAt: now,
          },
    )
    .where(and(eq(customerPayments.id, paymentId), eq(customerPayments.status, 'PENDING')))
    .returning();
  return row;
}

/**
 * A statement's failed collection is tried again (the billing run's retry): its payment (one per statement)
 * goes FAILED → PENDING, in the caller's transaction, asking for no more than the statement still asks (a
 * cancellation's credit since the failure; ADR 382). The retry is a new attempt, under a provider key never used,
 * so its amount may change. Billing names the statement; the payment is ours to find. Answers the amount it
 * asked for before and asks for now (none if no payment was reopened).
 */
export async function reopenStatementPayment(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  statementId: string,
  asksPence: number,
): Promise<{ before: number; now: number } | undefined> {
  const ofStatement = and(
    eq(customerPayments.purpose, 'statement'),
    eq(customerPayments.reference, statementId),
    inArray(customerPayments.status, REOPEN.from),
  );
  const [failed] = await ctx.db
    .select({ amountPence: customerPayments.amountPence })
    .from(customerPayments)
    .where(ofStatement)
    .for('update');
  if (!failed) return undefined;
  const [reopened] = await ctx.db
    .update(customerPayments)
    .set({
      status: REOPEN.to,
      ...(asksPence > 0 ? { amountPence: sql`least(${customerPayments.amountPence}, ${asksPence})` } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(ofStatement)
    .returning({ amountPence: customerPayments.amountPence });
  return reopened && { before: failed.amountPence, now: reopened.amountPence };
}

/** A customer payment and the party's own saved method of `type` named by the account (none if not theirs). */
export async function paymentAndMethod(
  db: Ctx['db'],
  paymentId: string,
  paymentMethodId: string | null,
  type: 'CARD' | 'BACS_DEBIT',
) {
  const [payment] = await db.select().from(customerPayments).where(eq(customerPayments.id, paymentId));
  if (!payment) throw new Error(`No customer payment ${paymentId}`);
  const [method] = paymentMethodId
    ? await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.id, paymentMethodId),
            eq(paymentMethods.partyId, payment.partyId),
            eq(paymentMethods.type, type),
          ),
        )
    : [];
  return { payment, method };
}

/** Customer payments move through the payment machine (ADR 345). */
const SETTLE = guardOf(paymentMachine, 'settle');
const FAIL = guardOf(paymentMachine, 'fail');
const REOPEN = guardOf(paymentMachine, 'reopen');
