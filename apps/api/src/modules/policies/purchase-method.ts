import { type CollectionMethodType, purchaseMethodType } from '@forecourt/domain/billing/collection';
import { productKindOf } from '@forecourt/domain/policy/term';
import { eq } from 'drizzle-orm';
import { purchaseMethods } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { accountMethodOf } from '../billing/index.ts';
import { collectingMethod } from '../payments/index.ts';

/**
 * The collection method chosen at a proposal's checkout (ADR 317), said with the payment it takes today
 * (POST /api/customerPayments/checkout/bind): kept per proposal, the latest choice before bind winning.
 */
export async function recordPurchaseMethod(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  o: { proposalCode: string; partyId: string; type: CollectionMethodType },
) {
  const row = { ...o, methodType: o.type, chosenAt: ctx.clock.now() };
  await ctx.db
    .insert(purchaseMethods)
    .values(row)
    .onConflictDoUpdate({
      target: purchaseMethods.proposalCode,
      set: { methodType: row.methodType, chosenAt: row.chosenAt },
    });
}

/**
 * The saved method a purchase will be collected by (ADR 316): the type chosen at checkout, narrowed by the
 * product (paid in full: card), then payments' one rule picks the method of that type.
 */
export async function purchaseMethodOf(
  ctx: Pick<Ctx, 'db'>,
  proposal: { proposalCode: string; partyId: string; product: string },
) {
  const [chosen] = await ctx.db
    .select()
    .from(purchaseMethods)
    .where(eq(purchaseMethods.proposalCode, proposal.proposalCode));
  const type = purchaseMethodType(productKindOf(proposal.product), chosen?.methodType);
  return collectingMethod(ctx, { partyId: proposal.partyId, type });
}

/**
 * The saved method a renewal is collected by (ADR 316): the one the renewed policy's account collects by
 * (bought with, or changed on the account), while it can still collect; else the newest of its type.
 */
export async function renewalMethodOf(ctx: Pick<Ctx, 'db'>, old: { id: string; partyId: string }) {
  const current = await accountMethodOf(ctx, old.id);
  return collectingMethod(ctx, { partyId: old.partyId, current: current?.id, type: current?.type });
}
