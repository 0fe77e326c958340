import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, ddCollections, paymentRefunds } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish, type SurplusRef } from '../../lib/domain-events.ts';
import { DirectDebitRefundRefused } from '../../providers/direct-debit/direct-debit-provider.ts';

export type RefundPart = typeof paymentRefunds.$inferSelect;

/** A Direct Debit refund still on its way (GoCardless: created, pending_submission, submitted). */
export const OPEN_REFUND_STATUSES = ['created', 'pending_submission', 'submitted'];
/** A refund whose money did not reach the customer, or came back (GoCardless). */
export const FAILED_REFUND_STATUSES = ['failed', 'cancelled', 'bounced', 'funds_returned'];

/** What has been paid back of a customer payment by other refunds (failed ones give the money back). */
async function refundedElsewhere(db: Db, customerPaymentId: string, key: string) {
  const parts = await db
    .select({ status: paymentRefunds.status, amount: paymentRefunds.amountPence })
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.customerPaymentId, customerPaymentId), ne(paymentRefunds.idempotencyKey, key)),
    );
  return parts
    .filter((p) => !FAILED_REFUND_STATUSES.includes(p.status))
    .reduce((total, p) => total + p.amount, 0);
}

/**
 * Pays money back against one customer payment (issue 13: cancellation refunds; ADR 211, 305), the way it was
 * paid: a card payment through the card provider (done at once), a Direct Debit payment through the Direct
 * Debit provider (a GoCardless refund, settled later by webhook). At most what is left of the payment. The key
 * is the provider's idempotency key and the part's primary key: a retry, two at once or a retry after a crash
 * between the provider call and the record make one refund. Answers the part (new or as recorded), or null
 * when the payment cannot be refunded now (not settled, no provider reference, nothing left, or the provider
 * refused, e.g. a Direct Debit not confirmed yet: the caller tries again later).
 */
export async function refundCustomerPayment(
  ctx: Pick<Ctx, 'db' | 'providers' | 'clock'> & { log?: Pick<Ctx['log'], 'warn'> | undefined },
  o: {
    customerPaymentId: string;
    amountPence: number;
    key: string;
    reference: string;
    /** Why it is paid back (the provider's refund reason): a cancellation's or change's credit, or a surplus. */
    reason?: 'cancellation' | 'unused' | 'duplicate';
  },
): Promise<RefundPart | null> {
  const [known] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, o.key));
  if (known) return known;
  const [p] = await ctx.db
    .select()
    .from(customerPayments)
    .where(eq(customerPayments.id, o.customerPaymentId));
  if (p?.status !== 'SETTLED' || !p.providerReference) return null;
  const already = await refundedElsewhere(ctx.db, p.id, o.key);
  const amountPence = Math.min(o.amountPence, p.amountPence - already);
  if (amountPence <= 0) return null;
  const [debit] = await ctx.db
    .select()
    .from(ddCollections)
    .where(
      and(
        eq(ddCollections.customerPaymentId, p.id),
        eq(ddCollections.providerPaymentId, p.providerReference),
      ),
    );
  const metadata = { customerPaymentId: p.id, refundLine: o.reference, reason: o.reason ?? 'cancellation' };
  let made: Pick<RefundPart, 'method' | 'provider' | 'providerRefundId' | 'amountPence' | 'status'>;
  if (debit?.providerPaymentId) {
    const provider = ctx.providers.directDebit;
    if (debit.provider !== provider.name) return null;
    try {
      const refund = await provider.createRefund({
        paymentId: debit.providerPaymentId,
        amountPence,
        totalRefundedPence: already + amountPence,
        idempotencyKey: o.key,
        metadata,
      });
      made = {
        method: 'BACS_DEBIT',
        provider: provider.name,
        providerRefundId: refund.refundId,
        amountPence: refund.amountPence,
        status: refund.status,
      };
    } catch (err) {
      if (!(err instanceof DirectDebitRefundRefused)) throw err;
      ctx.log?.warn({ err, customerPaymentId: p.id }, 'Direct Debit refund refused; tried again later');
      return null;
    }
  } else {
    const { refundReference, status } = await ctx.providers.cardPayments.refundPayment({
      paymentReference: p.providerReference,
      amountPence,
      idempotencyKey: o.key,
      metadata,
    });
    const provider = ctx.providers.cardPayments.name;
    // A card refund is paid when made; one a retry finds failed since (ADR 406) is recorded so, and its line too.
    made = {
      method: 'CARD',
      provider,
      providerRefundId: refundReference,
      amountPence,
      status: status === 'failed' ? 'failed' : 'paid',
    };
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(paymentRefunds)
    .values({
      idempotencyKey: o.key,
      reference: o.reference,
      customerPaymentId: p.id,
      ...made,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, o.key));
  return row ?? null;
}

/** The refunds made for one reference (a ledger refund line), oldest first; locked with `forUpdate`. */
export const refundPartsFor = (db: Db, reference: string, o: { forUpdate?: boolean } = {}) => {
  const q = db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.reference, reference))
    .orderBy(paymentRefunds.createdAt, paymentRefunds.idempotencyKey);
  return o.forUpdate ? q.for('update') : q;
};

/**
 * Moves a refund part to another reference (billing gives each part of a refund line its own line, ADR 380):
 * its later events then settle that line. The part's key, and so its provider refund, stay as they were.
 */
export async function moveRefundPart(db: Db, idempotencyKey: string, reference: string) {
  await db.update(paymentRefunds).set({ reference }).where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
}

/**
 * A `refunds` webhook event, inside the webhook's transaction: records the provider's status on the part
 * (created, paid, failed, funds_returned...); when it moved, `refund.outcome` (ADR 346): billing settles the refund line.
 */
export async function applyDirectDebitRefundEvent(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  event: { action: string; refundId: string },
) {
  await applyRefundStatus(ctx, {
    method: 'BACS_DEBIT',
    provider: ctx.providers.directDebit.name,
    providerRefundId: event.refundId,
    status: event.action,
  });
}

/**
 * A refund part's new status at its provider (a Direct Debit refund's event, ADR 305; a card refund that failed
 * after it was made, ADR 406), in the caller's transaction: the part is locked and moved once, and when it moved,
 * `refund.outcome` is published, with `returned` when its money no longer reaches the customer. Answers the part
 * as it was before and after, and whether the customer's account holds money that came back (ADR 406); undefined
 * when no part has that refund id (or it was already at that status).
 */
export async function applyRefundStatus(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  o: {
    method: RefundPart['method'];
    provider: string;
    providerRefundId: string;
    status: string;
    surplus?: SurplusRef | null;
  },
) {
  const mine = and(
    eq(paymentRefunds.method, o.method),
    eq(paymentRefunds.provider, o.provider),
    eq(paymentRefunds.providerRefundId, o.providerRefundId),
  );
  const [before] = await ctx.db.select().from(paymentRefunds).where(mine).for('update');
  if (!before || before.status === o.status) return undefined;
  const [moved] = await ctx.db
    .update(paymentRefunds)
    .set({ status: o.status, updatedAt: ctx.clock.now() })
    .where(mine)
    .returning();
  if (!moved) return undefined;
  const returned =
    FAILED_REFUND_STATUSES.includes(moved.status) && !FAILED_REFUND_STATUSES.includes(before.status);
  const { held } = await publish(
    'refund.outcome',
    { db: ctx.db, at: ctx.clock.now() },
    { reference: moved.reference, returned: returned ? moved : null, surplus: o.surplus ?? null },
  );
  return { before, moved, held };
}
