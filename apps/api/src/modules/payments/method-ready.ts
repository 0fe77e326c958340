import { and, eq } from 'drizzle-orm';
import { ddRedirectFlows, paymentMethods } from '../../db/schema/index.ts';
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
    for (const id of released) await cancelMandate(ctx, id);
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

/**
 * Cancels a replaced Direct Debit mandate at the provider, then records it CANCELLED (the provider's own
 * `cancelled` webhook says the same later and changes nothing). A card needs nothing: it stays on file,
 * unused. A failure is logged: the mandate stays as it was, collects nothing (no account uses it).
 */
async function cancelMandate(ctx: Ctx, methodId: string) {
  const [m] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
  if (m?.type !== 'BACS_DEBIT' || m.mandateStatus === 'CANCELLED') return;
  try {
    await ctx.providers.directDebit.cancelMandate(m.providerReference);
    await ctx.db
      .update(paymentMethods)
      .set({ mandateStatus: 'CANCELLED', updatedAt: ctx.clock.now() })
      .where(eq(paymentMethods.id, m.id));
  } catch (err) {
    ctx.log.warn(
      { err, mandate: m.providerReference },
      'could not cancel a replaced mandate at the provider',
    );
  }
}
