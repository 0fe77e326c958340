import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, ddCollections, ddRedirectFlows, paymentMethods } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { type AfterCommit, publish } from '../../lib/domain-events.ts';

type MethodRow = typeof paymentMethods.$inferSelect;

/**
 * A card saved or a mandate made ACTIVE for a client reference (ADR 310: the customer account whose billing
 * tab asked for it): publishes `paymentMethod.ready` (ADR 346) inside the transaction `tx`, whose handler makes
 * the method the one that collects and answers the methods it replaced that nothing uses any more (a replaced
 * mandate is then cancelled at the provider); answers the work to do on `ctx`
 * (outside the transaction) once it has committed.
 */
export async function methodReady(
  ctx: Ctx,
  tx: Ctx['db'],
  ready: { partyId: string; clientReference: string | null; method: MethodRow },
): Promise<AfterCommit | undefined> {
  if (!ready.clientReference) return undefined;
  const { released } = await publish(
    'paymentMethod.ready',
    { ...ctx, db: tx },
    { ...ready, clientReference: ready.clientReference },
  );
  if (released.length === 0) return undefined;
  return async () => {
    for (const id of released) await releaseMandate(ctx, id);
  };
}

/** A mandate that became ACTIVE: the account its redirect flow was started for now collects by it. */
export async function mandateActivated(
  ctx: Ctx,
  tx: Ctx['db'],
  method: MethodRow,
): Promise<AfterCommit | undefined> {
  const [flow] = await tx
    .select({ clientReference: ddRedirectFlows.clientReference })
    .from(ddRedirectFlows)
    .where(
      and(
        eq(ddRedirectFlows.partyId, method.partyId),
        eq(ddRedirectFlows.provider, method.provider),
        eq(ddRedirectFlows.mandateReference, method.providerReference),
      ),
    );
  return methodReady(ctx, tx, {
    partyId: method.partyId,
    clientReference: flow?.clientReference ?? null,
    method,
  });
}

/** What releasing a replaced mandate needs: the database, the provider, the clock, and somewhere to warn. */
type ReleaseCtx = Pick<Ctx, 'db' | 'providers' | 'clock'> & { log?: Pick<Ctx['log'], 'warn'> | undefined };

/** A collection's provider statuses after which nothing more comes of it (GoCardless payment actions). */
const OVER = ['failed', 'cancelled', 'customer_approval_denied', 'charged_back', 'confirmed', 'paid_out'];

/**
 * Whether a debit made on this mandate is still on its way: its customer payment is PENDING and its attempt has
 * not ended at the provider.
 */
async function debitInFlight(db: Db, methodId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ddCollections.customerPaymentId })
    .from(ddCollections)
    .innerJoin(customerPayments, eq(customerPayments.id, ddCollections.customerPaymentId))
    .where(
      and(
        eq(ddCollections.paymentMethodId, methodId),
        eq(customerPayments.status, 'PENDING'),
        notInArray(ddCollections.status, OVER),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Cancels a replaced Direct Debit mandate at the provider, then records it CANCELLED (the provider's own
 * `cancelled` webhook says the same later and changes nothing). A card needs nothing: it stays on file,
 * unused. A mandate with a debit still on its way is kept until that debit is over (ADR 377): GoCardless
 * cancels a cancelled mandate's payments not yet submitted, and the customer would be told a payment failed.
 * The billing run releases it then (`releaseMandate` again). A failure is logged: the mandate stays as it
 * was, collects nothing (no account uses it), and the billing run tries again.
 */
export async function releaseMandate(ctx: ReleaseCtx, methodId: string): Promise<void> {
  const [m] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
  if (m?.type !== 'BACS_DEBIT' || m.mandateStatus === 'CANCELLED') return;
  // Another provider's mandate (the app since moved from the sandbox to GoCardless) is not this provider's to cancel.
  if (m.provider !== ctx.providers.directDebit.name) return;
  if (await debitInFlight(ctx.db, m.id)) return;
  try {
    await ctx.providers.directDebit.cancelMandate(m.providerReference);
    await ctx.db
      .update(paymentMethods)
      .set({ mandateStatus: 'CANCELLED', updatedAt: ctx.clock.now() })
      .where(eq(paymentMethods.id, m.id));
  } catch (err) {
    ctx.log?.warn(
      { err, mandate: m.providerReference },
      'could not cancel a replaced mandate at the provider',
    );
  }
}
