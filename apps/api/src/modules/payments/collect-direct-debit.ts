import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, ddCollections } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { DirectDebitFlowError } from '../../providers/direct-debit/direct-debit-provider.ts';
import { paymentAndMethod } from './charge-saved-card.ts';
import {
  CHARGE_BACK_CANCELLED,
  reinstateChargeBackCancelled,
  reverseChargedBack,
} from './direct-debit-charged-back.ts';

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

/** What claiming a debit found (ADR 381, 382). */
export type DebitClaim =
  /** No mandate able to pay (none, not this provider's, or cancelled): a failed collection for the caller. */
  | { kind: 'no_mandate' }
  /**
   * Nothing to claim: the account collects by card now, and nothing has been asked of the provider (an untold
   * claim, made again for less, is left for the card run to pass over, ADR 382).
   */
  | { kind: 'not_a_debit' }
  /**
   * Claimed (now or before) or made already. `tellAmendment`: a debit made again for less (ADR 382) that the
   * customer is now to be told of, once (this call recorded it told), for `amountPence`.
   */
  | { kind: 'claimed'; tellAmendment: boolean; amountPence: number; remade: number };

/**
 * Claims the Direct Debit collection of a PENDING customer payment's attempt on a mandate (ADR 381), before the
 * provider is asked: the caller holds the lock that a change of the mandate takes too (billing: the account's
 * row), so a replaced mandate is kept while its debit is being made (`debitInFlight`).
 * - A new claim is made on the account's mandate and asks no more than the statement (ADR 382).
 * - A claim that may have been asked of the provider already (a run at once, or one that stopped before the
 *   answer) is kept as it is, with its mandate and amount: the provider answers its key with what it made.
 * - A debit made again for less and not yet told of has never been asked: it follows the account (its current
 *   mandate; if the account now collects by card, it is left untold and the card run collects the statement),
 *   and the customer is to be told of it now.
 */
export async function claimDirectDebit(
  ctx: Pick<Ctx, 'db' | 'providers' | 'clock'>,
  input: {
    paymentId: string;
    attempt: number;
    /** The account's collecting method, and whether it is a Direct Debit. */
    paymentMethodId: string | null;
    byDebit: boolean;
    chargeDate: string;
    /** What the statement asks for now: a new claim asks no more (ADR 382). */
    amountPence: number;
  },
): Promise<DebitClaim> {
  const [already] = await ctx.db.select().from(ddCollections).where(collectionOf(input));
  const untold = already?.status === DEBIT_CLAIMED && already.remade > already.remadeTold;
  if (already && !untold)
    return { kind: 'claimed', tellAmendment: false, amountPence: 0, remade: already.remade };
  // An untold claim is kept (its `remade` names keys the provider has used), for the card run to pass over.
  if (!input.byDebit) return { kind: 'not_a_debit' };
  const provider = ctx.providers.directDebit;
  const { payment, mandate } = await paymentAndMandate(ctx, input.paymentId, input.paymentMethodId);
  if (!mandate || mandate.mandateStatus === 'CANCELLED') {
    if (already) await ctx.db.delete(ddCollections).where(and(collectionOf(input), untoldClaim));
    return { kind: 'no_mandate' };
  }
  const now = ctx.clock.now();
  if (already) {
    const [told] = await ctx.db
      .update(ddCollections)
      .set({
        paymentMethodId: mandate.id,
        remadeTold: already.remade,
        chargeDate: input.chargeDate,
        updatedAt: now,
      })
      .where(and(collectionOf(input), untoldClaim))
      .returning();
    return {
      kind: 'claimed',
      tellAmendment: told !== undefined,
      amountPence: payment.amountPence,
      remade: already.remade,
    };
  }
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
  // Never asked of the provider yet, so its amount may still change: a credit since the payment was made (a
  // cancellation's, before a re-presentation) is not collected and paid back.
  await lowerPendingAmount(ctx.db, payment.id, input.amountPence, now);
  return { kind: 'claimed', tellAmendment: false, amountPence: payment.amountPence, remade: 0 };
}

/**
 * A claim made again for less (ADR 382) that nothing is owed for any more, and that the customer was not told
 * of: never asked of the provider, so it is withdrawn here. The collection is `cancelled` and the payment
 * FAILED, as a debit no longer owed is (ADR 378), and billing hears the outcome. Answers whether it was.
 */
export async function withdrawUntoldClaim(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  input: { paymentId: string; attempt: number },
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(ddCollections)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(collectionOf(input), untoldClaim))
      .returning();
    if (!withdrawn) return false;
    const [moved] = await tx
      .update(customerPayments)
      .set({ status: FAIL.to, declineCode: DEBIT_CANCELLED_CAUSE, updatedAt: now })
      .where(and(eq(customerPayments.id, input.paymentId), inArray(customerPayments.status, FAIL.from)))
      .returning();
    if (moved)
      await publish('directDebit.outcome', { db: tx, at: now }, { payment: moved, succeeded: false });
    return true;
  });
}

/**
 * A claim made again for less (ADR 382) that the customer has not been told of: never asked of the provider (the
 * card run passes over one, billing's collect-cards).
 */
export const untoldClaim = and(
  eq(ddCollections.status, DEBIT_CLAIMED),
  sql`${ddCollections.remade} > ${ddCollections.remadeTold}`,
);

/** A PENDING customer payment asks for no more than `amountPence` (ADR 382). */
async function lowerPendingAmount(db: Db, paymentId: string, amountPence: number, now: Date) {
  if (amountPence <= 0) return;
  await db
    .update(customerPayments)
    .set({ amountPence, updatedAt: now })
    .where(
      and(
        eq(customerPayments.id, paymentId),
        eq(customerPayments.status, 'PENDING'),
        gt(customerPayments.amountPence, amountPence),
      ),
    );
}

/** What a debit recorded as made is, for the caller's own record in the same transaction. */
export interface MadeDebit {
  /** The provider's charge date (London, yyyy-MM-dd): its answer to a repeated key is the date it made. */
  chargeDate: string;
}

/**
 * Makes a claimed Direct Debit collection (ADR 204, 381): a payment at the provider on the claim's mandate for
 * the customer payment's amount, collected on `chargeDate`. The provider's idempotency key is the payment and
 * the attempt (and how many times it was made again, ADR 382), so two runs at once, a retried job or a run after
 * a crash make one provider payment. The run that records the provider's answer calls `onMade` in the same
 * transaction; an answer that is already an outcome (a resumed claim whose payment was since cancelled, failed or
 * confirmed) is taken as that payment's event. Answers 'submitted' (now, or by an earlier run), or 'no_mandate'
 * when there is no claim or the mandate cannot pay (the claim is then given up; the caller treats it as a failed
 * collection). No transaction is held while the provider is asked.
 */
export async function submitDirectDebit(
  ctx: Pick<Ctx, 'db' | 'providers' | 'clock'>,
  input: { paymentId: string; attempt: number; chargeDate: string; description: string },
  onMade?: (tx: Db, made: MadeDebit) => Promise<void>,
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
  // A mandate recorded cancelled is asked all the same: a resumed claim's payment may exist (even submitted), and
  // the provider answers its key with it; otherwise it refuses the mandate (DirectDebitFlowError).
  if (!mandate) return giveUp();
  let created: Awaited<ReturnType<typeof provider.createPayment>>;
  try {
    created = await provider.createPayment({
      mandateId: mandate.providerReference,
      amountPence: payment.amountPence,
      chargeDate: input.chargeDate,
      description: input.description,
      // A debit made again for less (ADR 382) is a new payment at the provider, so a key of its own.
      idempotencyKey: `${payment.id}:${input.attempt}${claim.remade > 0 ? `:${claim.remade}` : ''}`,
      metadata: { paymentId: payment.id, partyId: payment.partyId, purpose: payment.purpose },
    });
  } catch (err) {
    if (err instanceof DirectDebitFlowError) return giveUp();
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .update(ddCollections)
      .set({
        providerPaymentId: created.paymentId,
        chargeDate: created.chargeDate,
        status: created.status,
        updatedAt: ctx.clock.now(),
      })
      .where(ofClaim)
      .returning();
    if (!made) return;
    await onMade?.(tx, { chargeDate: created.chargeDate });
    // Its events while it was a claim named no debit of the app's, and were dropped: its outcome is taken now.
    const outcome = OUTCOME_OF[created.status];
    if (outcome)
      await applyDirectDebitPaymentEvent(
        { ...ctx, db: tx },
        { action: outcome, paymentId: created.paymentId, cause: null },
      );
  });
  return 'submitted';
}

/**
 * A provider payment's status that is already an outcome, as the event that decides it (GoCardless), as the
 * webhook takes them (`charged_back` and the like are not taken there either).
 */
const OUTCOME_OF: Record<string, 'confirmed' | 'failed' | 'cancelled'> = {
  confirmed: 'confirmed',
  paid_out: 'confirmed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/**
 * Asks the provider to cancel the debit of a customer payment's attempt that asks for more than its statement
 * now does, to make it again for `amountPence` (ADR 382), while the provider can still cancel it. Answers whether
 * it was cancelled: the collection is then claimed again (`remakeAmended`), and the caller makes it as any claim.
 * One the provider will not cancel (submitted meanwhile) goes on, and what it takes beyond the statement is paid
 * back (ADR 305). The amendment is recorded before the provider is asked, so its `cancelled` event, which may
 * come before its answer, claims the debit again rather than failing the payment. No transaction is held while
 * the provider is asked.
 */
export async function amendDebit(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  input: { paymentId: string; attempt: number; amountPence: number },
): Promise<boolean> {
  const provider = ctx.providers.directDebit;
  const [marked] = await ctx.db
    .update(ddCollections)
    .set({ amendToPence: input.amountPence, updatedAt: ctx.clock.now() })
    .where(
      and(
        collectionOf(input),
        eq(ddCollections.provider, provider.name),
        isNotNull(ddCollections.providerPaymentId),
        inArray(ddCollections.status, CANCELLABLE_DEBIT_STATUSES),
        // Still asking more: a run at once may have made it again for this amount already.
        sql`EXISTS (SELECT 1 FROM ${customerPayments} WHERE ${customerPayments.id} = ${ddCollections.customerPaymentId}
          AND ${customerPayments.status} = 'PENDING' AND ${customerPayments.amountPence} > ${input.amountPence})`,
      ),
    )
    .returning();
  const paymentId = marked?.providerPaymentId;
  if (!paymentId) return false;
  const ofDebit = and(collectionOf(input), eq(ddCollections.providerPaymentId, paymentId));
  if ((await provider.cancelPayment(paymentId)) === 'refused') {
    await ctx.db.update(ddCollections).set({ amendToPence: null }).where(ofDebit);
    return false;
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(ddCollections).where(ofDebit).for('update');
    if (row) await remakeAmended(tx, row, ctx.clock.now());
  });
  return true;
}

/**
 * A debit cancelled for an amendment (ADR 382) is claimed again: no provider payment, one more `remade` (so a
 * key of its own), and the customer payment asks for the amended amount. Done once, by whichever comes first,
 * the billing run once the provider answers or the provider's `cancelled` event.
 */
async function remakeAmended(db: Db, row: typeof ddCollections.$inferSelect, now: Date) {
  if (row.amendToPence === null || row.providerPaymentId === null) return;
  const [claimed] = await db
    .update(ddCollections)
    .set({
      status: DEBIT_CLAIMED,
      providerPaymentId: null,
      remade: row.remade + 1,
      amendToPence: null,
      updatedAt: now,
    })
    .where(
      and(
        collectionOf({ paymentId: row.customerPaymentId, attempt: row.attempt }),
        eq(ddCollections.providerPaymentId, row.providerPaymentId),
      ),
    )
    .returning();
  if (claimed) await lowerPendingAmount(db, row.customerPaymentId, row.amendToPence, now);
}

/**
 * A `payments` webhook event, inside the webhook's transaction: records the provider status; on `confirmed`
 * the customer payment moves PENDING → SETTLED, on `failed` (or `cancelled`) PENDING → FAILED, and the
 * registered billing handler runs once, for the one caller that moved it.
 */
export async function applyDirectDebitPaymentEvent(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  event: { action: string; paymentId: string; cause: string | null; createdAt?: Date | null },
) {
  const provider = ctx.providers.directDebit.name;
  const now = ctx.clock.now();
  const ofEvent = and(
    eq(ddCollections.provider, provider),
    eq(ddCollections.providerPaymentId, event.paymentId),
  );
  if (event.action === 'cancelled' && event.cause === DEBIT_CANCELLED_CAUSE) {
    // A debit the app cancelled to make it again for less (ADR 382) is claimed again; its payment goes on.
    const [amending] = await ctx.db
      .select()
      .from(ddCollections)
      .where(and(ofEvent, isNotNull(ddCollections.amendToPence)))
      .for('update');
    if (amending) return remakeAmended(ctx.db, amending, now);
  }
  const [collection] = await ctx.db
    .update(ddCollections)
    .set({ status: event.action, updatedAt: now })
    .where(ofEvent)
    .returning();
  if (!collection) return;
  // A late event of an earlier attempt must not decide the attempt in flight.
  const attempts = await ctx.db
    .select({ attempt: ddCollections.attempt })
    .from(ddCollections)
    .where(eq(ddCollections.customerPaymentId, collection.customerPaymentId));
  if (attempts.some((a) => a.attempt > collection.attempt)) return;
  if (event.action === 'charged_back')
    return reverseChargedBack(ctx, {
      paymentId: collection.customerPaymentId,
      cause: event.cause,
      at: now,
      reported: event.createdAt ?? null,
    });
  if (event.action === CHARGE_BACK_CANCELLED)
    return reinstateChargeBackCancelled(ctx, { paymentId: collection.customerPaymentId, at: now });
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
  // Nothing is owed now: an amendment left by a run that stopped (ADR 382) is dropped, so that the cancellation
  // fails the payment rather than making the debit again.
  if (latest.amendToPence !== null)
    await ctx.db
      .update(ddCollections)
      .set({ amendToPence: null })
      .where(
        and(
          collectionOf({ paymentId: customerPaymentId, attempt: latest.attempt }),
          eq(ddCollections.providerPaymentId, paymentId),
        ),
      );
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
