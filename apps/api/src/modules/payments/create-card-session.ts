import type { CardCheckoutBody, CardSetupBody } from '@forecourt/contracts/payments';
import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, paymentMethods, paymentSessions } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { requireSelfService } from '../../lib/roles.ts';
import { type AfterCommit, runAfterCommit } from './fulfilment.ts';
import { methodReady } from './method-ready.ts';
import { unpaidPaymentOf } from './payment-lookups.ts';
import { assertReturnUrls } from './return-urls.ts';
import { runSetupChecks } from './setup-checks.ts';

const customerOnly = (ctx: Ctx) =>
  requireSelfService(
    ctx.caller,
    'Admins cannot pay by card through the customer checkout; take the payment by phone.',
  );

/** POST /api/stripe/checkout: a hosted card payment page for a customer payment the caller owes. */
export async function createCardCheckout(
  ctx: Ctx,
  input: CardCheckoutBody & { appOrigin: string; kind?: 'checkout' | 'settle' },
) {
  const partyId = customerOnly(ctx);
  assertReturnUrls(ctx, input.appOrigin, { successUrl: input.successUrl, cancelUrl: input.cancelUrl });
  const payment = await unpaidPaymentOf(ctx, partyId, input.paymentId);
  if (payment.amountPence === 0) throw new AppError('UNPROCESSABLE', 'There is nothing to pay.');
  const provider = ctx.providers.cardPayments;
  const session = await provider.createSession({
    mode: 'payment',
    amountPence: payment.amountPence,
    currency: 'gbp',
    lineItem: input.lineItem,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    clientReference: payment.id,
    metadata: { paymentId: payment.id, partyId, purpose: payment.purpose, reference: payment.reference },
    locale: input.locale,
    appOrigin: input.appOrigin,
  });
  let superseded: string[];
  try {
    superseded = await recordTheOpenSession(ctx, payment, {
      id: session.id,
      partyId,
      provider: provider.name,
      kind: input.kind ?? 'checkout',
      customerPaymentId: payment.id,
      clientReference: payment.id,
    });
  } catch (err) {
    await expireAtProvider(ctx, session.id);
    throw err;
  }
  for (const id of superseded) await expireAtProvider(ctx, id);
  return { sessionId: session.id, url: session.url };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * Issue 9 §4 (ADR 131): a payment has at most one open card session, and so has what it pays for (a
 * payment that replaced another for the same proposal or account closes the other's session). The new session is recorded and
 * the ones it replaces are marked expired in one transaction; a unique index on open sessions per payment
 * makes a concurrent opener fail and retry, so the last one wins. Returns the replaced sessions, which the
 * caller then expires at the provider.
 */
async function recordTheOpenSession(
  ctx: Ctx,
  payment: typeof customerPayments.$inferSelect,
  row: typeof paymentSessions.$inferInsert,
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const replaced = await closeOpenSessions(tx, payment);
        await tx.insert(paymentSessions).values(row);
        if (payment.status === 'FAILED') {
          await tx
            .update(customerPayments)
            .set({ status: REOPEN.to, declineCode: null, updatedAt: ctx.clock.now() })
            .where(and(eq(customerPayments.id, payment.id), inArray(customerPayments.status, REOPEN.from)));
        }
        return replaced;
      });
    } catch (err) {
      if (attempt >= 10 || !isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * Closes the open card sessions of a payment and of every payment for the same thing (party, purpose and
 * reference: the proposal, adjustment or account), but `keep`, in the caller's transaction. Answers their ids,
 * which the caller expires at the provider once committed (ADR 131, 341).
 */
export async function closeOpenSessions(
  tx: Db,
  payment: Pick<typeof customerPayments.$inferSelect, 'partyId' | 'purpose' | 'reference'>,
  keep?: string,
): Promise<string[]> {
  const closed = await tx
    .update(paymentSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(paymentSessions.status, 'open'),
        keep ? ne(paymentSessions.id, keep) : undefined,
        inArray(
          paymentSessions.customerPaymentId,
          tx
            .select({ id: customerPayments.id })
            .from(customerPayments)
            .where(
              and(
                eq(customerPayments.partyId, payment.partyId),
                eq(customerPayments.purpose, payment.purpose),
                eq(customerPayments.reference, payment.reference),
              ),
            ),
        ),
      ),
    )
    .returning({ id: paymentSessions.id });
  return closed.map((c) => c.id);
}

/** Best effort: a session that cannot be expired and is then paid is refunded when its webhook arrives. */
export async function expireAtProvider(ctx: Ctx, sessionId: string) {
  try {
    await ctx.providers.cardPayments.expireSession(sessionId);
  } catch (err) {
    ctx.log.warn({ err, sessionId }, 'could not expire a replaced card session at the provider');
  }
}

/** POST /api/stripe/setup: a hosted page that saves a card for later collections (no payment today). */
export async function createCardSetup(ctx: Ctx, input: CardSetupBody & { appOrigin: string }) {
  const partyId = customerOnly(ctx);
  assertReturnUrls(ctx, input.appOrigin, { successUrl: input.successUrl, cancelUrl: input.cancelUrl });
  await runSetupChecks(ctx, partyId, input.clientReference);
  const provider = ctx.providers.cardPayments;
  const session = await provider.createSession({
    mode: 'setup',
    currency: 'gbp',
    lineItem: { name: `Save a card for ${ctx.brand.name} payments` },
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    clientReference: input.clientReference,
    metadata: { partyId, clientReference: input.clientReference },
    appOrigin: input.appOrigin,
  });
  await ctx.db.insert(paymentSessions).values({
    id: session.id,
    partyId,
    provider: provider.name,
    kind: 'setup',
    clientReference: input.clientReference,
  });
  return { sessionId: session.id, url: session.url };
}

/** GET /api/stripe/sessions/{id}: how the caller's session ended (the callback page asks). */
export async function getCardSession(ctx: Ctx, sessionId: string) {
  const partyId = requireParty(ctx.caller);
  const [s] = await ctx.db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.partyId, partyId)));
  if (!s) throw notFound('No such payment session');
  const [payment] = s.customerPaymentId
    ? await ctx.db
        .select({ amountPence: customerPayments.amountPence })
        .from(customerPayments)
        .where(eq(customerPayments.id, s.customerPaymentId))
    : [];
  const [card] = s.paymentMethodId
    ? await ctx.db
        .select({ display: paymentMethods.display })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, s.paymentMethodId))
    : [];
  return {
    sessionId: s.id,
    kind: s.kind,
    status: s.status,
    declineCode: s.declineCode,
    paymentId: s.customerPaymentId,
    clientReference: s.clientReference,
    amount: payment?.amountPence ?? null,
    card: card?.display ? { display: card.display } : null,
  };
}

/**
 * POST /api/stripe/sessions/{id}/keepCard (ADR 353): after paying an outstanding balance on the hosted page
 * with another card, the customer chose to keep that card for the account's future payments. It becomes the
 * account's collecting method through the same `paymentMethod.ready` path as a card set up from the billing
 * tab (ADR 310), once: a repeat changes nothing. Only for a completed settle page of the caller's, whose card
 * was saved; the account must still collect (422 otherwise).
 */
export async function keepSessionCard(ctx: Ctx, sessionId: string) {
  const partyId = customerOnly(ctx);
  let after: AfterCommit | undefined;
  const kept = await ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.partyId, partyId)));
    if (!s) throw notFound('No such payment session');
    const [payment] = s.customerPaymentId
      ? await tx.select().from(customerPayments).where(eq(customerPayments.id, s.customerPaymentId))
      : [];
    const [method] = s.paymentMethodId
      ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, s.paymentMethodId))
      : [];
    if (s.kind !== 'settle' || s.status !== 'complete' || payment?.status !== 'SETTLED' || !method)
      throw new AppError('CONFLICT', 'No card was saved by this payment.');
    await runSetupChecks({ ...ctx, db: tx }, partyId, payment.reference);
    after = await methodReady(ctx, tx, { partyId, clientReference: payment.reference, method });
    return method;
  });
  await runAfterCommit(ctx, after);
  return { display: kept.display };
}

/** Customer payments move through the payment machine (ADR 345). */
const REOPEN = guardOf(paymentMachine, 'reopen');
