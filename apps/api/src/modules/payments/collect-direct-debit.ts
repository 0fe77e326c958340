import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, desc, eq } from 'drizzle-orm';
import { customerPayments, ddCollections } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { DirectDebitFlowError } from '../../providers/direct-debit/direct-debit-provider.ts';
import { paymentAndMethod } from './charge-saved-card.ts';

export type CollectionPayment = typeof customerPayments.$inferSelect;

/** A collection's status while it is claimed and the provider has not yet made its payment (ADR 381). */
export const DEBIT_CLAIMED = 'claimed';

/** A customer payment and the mandate `methodId` of its party, if it is this provider's. */
async function paymentAndMandate(
  ctx: Pick<Ctx, 'db' | 'providers'>,
  paymentId: string,
  methodId: string | null,
) {
  const { payment, method } = await paymentAndMethod(ctx.db, paymentId, methodId, 'BACS_DEBIT');
  return { payment, mandate: method?.provider === ctx.providers.directDebit.name ? method : undefined };
}

/** The collection of a customer payment's attempt (the table's key). */
const collectionOf = (input: { paymentId: string; attempt: number }) =>
  and(eq(ddCollections.customerPaymentId, input.paymentId), eq(ddCollections.attempt, input.attempt));

/**
 * Claims the Direct Debit collection of a PENDING customer payment's attempt on a mandate (ADR 381), before the
 * provider is asked: the caller holds the lock that a change of the mandate takes too (billing: the account's
 * row), so a replaced mandate is kept while its debit is being made (`debitInFlight`). A claim made already
 * (by an earlier run, a run at once, or a run that crashed before the provider answered) is kept as it is, with
 * its mandate. Answers whether there is a claim or a collection; false when the mandate cannot pay (none, not
 * this provider's, or cancelled): the caller treats it as a failed collection.
 */
export async function claimDirectDebit(
  ctx: Pick<Ctx, 'db' | 'providers' | 'clock'>,
  input: { paymentId: string; attempt: number; paymentMethodId: string | null; chargeDate: string },
): Promise<boolean> {
  const [already] = await ctx.db
    .select({ status: ddCollections.status })
    .from(ddCollections)
    .where(collectionOf(input));
  if (already) return true;
  const provider = ctx.providers.directDebit;
  const { payment, mandate } = await paymentAndMandate(ctx, input.paymentId, input.paymentMethodId);
  if (!mandate || mandate.mandateStatus === 'CANCELLED') return false;
  const now = ctx.clock.now();
  await ctx.db
    .insert(ddCollections)
    .values({
      customerPaymentId: payment.id,
      attempt: input.attempt,
      provider: provider.name,
      providerPaymentId: null,
      chargeDate: input.chargeDate,
      status: DEBIT_CLAIMED,
      paymentMethodId: mandate.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return true;
}

/**
 * Makes a claimed Direct Debit collection (ADR 204, 381): a payment at the provider on the claim's mandate for
 * the customer payment's amount, collected on `chargeDate`. The provider's idempotency key is the payment and
 * the attempt, so two runs at once, a retried job or a run after a crash make one provider payment. Answers
 * 'submitted' (now, or by an earlier run), or 'no_mandate' when there is no claim or the provider refuses the
 * mandate (the claim is then given up; the caller treats it as a failed collection). No transaction is held
 * while the provider is asked.
 */
export async function submitDirectDebit(
  ctx: Pick<Ctx, 'db' | 'providers' | 'clock'>,
  input: { paymentId: string; attempt: number; chargeDate: string; description: string },
): Promise<'submitted' | 'no_mandate'> {
  const ofClaim = and(collectionOf(input), eq(ddCollections.status, DEBIT_CLAIMED));
  const [claim] = await ctx.db.select().from(ddCollections).where(collectionOf(input));
  if (!claim) return 'no_mandate';
  if (claim.status !== DEBIT_CLAIMED) return 'submitted';
  const provider = ctx.providers.directDebit;
  const { payment, mandate } = await paymentAndMandate(ctx, input.paymentId, claim.paymentMethodId);
  // Given up only if still a claim: a run at once that made it has a payment at the provider.
  const giveUp = async () =>
    (await ctx.db.delete(ddCollections).where(ofClaim).returning()).length > 0 ? 'no_mandate' : 'submitted';
  if (!mandate) return giveUp();
  let created: Awaited<ReturnType<typeof provider.createPayment>>;
  try {
    created = await provider.createPayment({
      mandateId: mandate.providerReference,
      amountPence: payment.amountPence,
      chargeDate: input.chargeDate,
      description: input.description,
      idempotencyKey: `${payment.id}:${input.attempt}`,
      metadata: { paymentId: payment.id, partyId: payment.partyId, purpose: payment.purpose },
    });
  } catch (err) {
    if (err instanceof DirectDebitFlowError) return giveUp();
    throw err;
  }
  await ctx.db
    .update(ddCollections)
    .set({
      providerPaymentId: created.paymentId,
      chargeDate: created.chargeDate,
      status: created.status,
      updatedAt: ctx.clock.now(),
    })
    .where(ofClaim);
  return 'submitted';
}

/**
 * A `payments` webhook event, inside the webhook's transaction: records the provider status; on `confirmed`
 * the customer payment moves PENDING → SETTLED, on `failed` (or `cancelled`) PENDING → FAILED, and the
 * registered billing handler runs once, for the one caller that moved it.
 */
export async function applyDirectDebitPaymentEvent(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  event: { action: string; paymentId: string; cause: string | null },
) {
  const provider = ctx.providers.directDebit.name;
  const now = ctx.clock.now();
  const [collection] = await ctx.db
    .update(ddCollections)
    .set({ status: event.action, updatedAt: now })
    .where(and(eq(ddCollections.provider, provider), eq(ddCollections.providerPaymentId, event.paymentId)))
    .returning();
  if (!collection) return;
  // A late event of an earlier attempt must not decide the attempt in flight.
  const attempts = await ctx.db
    .select({ attempt: ddCollections.attempt })
    .from(ddCollections)
    .where(eq(ddCollections.customerPaymentId, collection.customerPaymentId));
  if (attempts.some((a) => a.attempt > collection.attempt)) return;
  const succeeded = event.action === 'confirmed';
  if (!succeeded && event.action !== 'failed' && event.action !== 'cancelled') return;
  const [moved] = await ctx.db
    .update(customerPayments)
    .set(
      succeeded
        ? {
            status: SETTLE.to,
            provider,
            providerReference: event.paymentId,
            settledAt: now,
            updatedAt: now,
          }
        : { status: FAIL.to, declineCode: event.cause ?? event.action, updatedAt: now },
    )
    .where(and(eq(customerPayments.id, collection.customerPaymentId), eq(customerPayments.status, 'PENDING')))
    .returning();
  if (!moved) return;
  // Billing posts the payment and settles the statement, or runs the arrears path (ADR 204, 346).
  await publish('directDebit.outcome', { db: ctx.db, at: now }, { payment: moved, succeeded });
}

/** The cause a debit the app cancelled carries (GoCardless's cause for a payment its creditor cancelled). */
export const DEBIT_CANCELLED_CAUSE = 'payment_cancelled';

/**
 * A debit's provider statuses (its last event) while it has not been submitted to the banks: GoCardless can
 * still cancel it (ADR 378). `pending_submission` is the status a payment is created with; `created` its event.
 */
export const CANCELLABLE_DEBIT_STATUSES = [
  'pending_submission',
  'created',
  'pending_customer_approval',
  'customer_approval_granted',
];

/**
 * Cancels the Direct Debit on its way for a customer payment that nothing is owed for any more (ADR 378), while
 * the provider can still cancel it. The payment is then FAILED, as the `payments.cancelled` event leaves it,
 * without waiting for that event (which the sandbox sends once). A debit the provider can no longer cancel
 * goes on: once collected it is paid back (ADR 305). Answers whether it was cancelled. No transaction is held
 * while the provider is asked: its webhook may arrive before it answers.
 */
export async function cancelDebitNotOwed(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  customerPaymentId: string,
): Promise<boolean> {
  const provider = ctx.providers.directDebit;
  const [latest] = await ctx.db
    .select()
    .from(ddCollections)
    .where(eq(ddCollections.customerPaymentId, customerPaymentId))
    .orderBy(desc(ddCollections.attempt))
    .limit(1);
  const paymentId = latest?.providerPaymentId;
  if (!latest || !paymentId || latest.provider !== provider.name) return false;
  if (!CANCELLABLE_DEBIT_STATUSES.includes(latest.status)) return false;
  if ((await provider.cancelPayment(paymentId)) === 'refused') return false;
  await ctx.db.transaction((tx) =>
    applyDirectDebitPaymentEvent(
      { ...ctx, db: tx },
      { action: 'cancelled', paymentId, cause: DEBIT_CANCELLED_CAUSE },
    ),
  );
  return true;
}

/** Customer payments move through the payment machine (ADR 345). */
const SETTLE = guardOf(paymentMachine, 'settle');
const FAIL = guardOf(paymentMachine, 'fail');
