import type { RenewalChangeRequest } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { renewalMachine } from '@forecourt/domain/lifecycle/index';
import { isLiveStatus } from '@forecourt/domain/status';
import { and, eq, inArray } from 'drizzle-orm';
import { proposals, renewals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { owned } from '../../lib/party-scope.ts';
import { policyById } from '../policies/index.ts';
import { applyAnswerChanges, toProposal, updateRenewalQuote } from '../proposals/index.ts';
import { channelPromoCode } from './channel-promotion.ts';
import { priceRenewal } from './price-renewal.ts';
import { totalOf } from './renewal-emails.ts';

/**
 * PATCH /api/renewals/{code} (issue 14 §2): the customer adds or removes an optional cover, picks a
 * voluntary excess, or saves a disclosure section (ADR 330: the answers of the car, the policyholder, named
 * drivers; the policy's read-only answers refused as for a mid-term change) on the renewal quote. The
 * renewal is re-priced as the invitation priced it (at the anniversary, capped at today's new-business price
 * for the same risk) and both prices are recorded again.
 * Only while the renewal is on offer: a renewal of the caller's, QUOTE, before its anniversary, opted in.
 */
export async function changeRenewal(ctx: Ctx, code: string, input: RenewalChangeRequest): Promise<Proposal> {
  const scope = owned(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(proposals)
      .where(scope.where(proposals, eq(proposals.proposalCode, code)))
      .for('update');
    if (!row?.sourcePolicyId) throw notFound('No such renewal');
    const now = ctx.clock.now();
    const policy = await policyById(tx, row.sourcePolicyId);
    const open =
      row.status === 'QUOTE' &&
      policy?.expiredAt &&
      policy.expiredAt > now &&
      isLiveStatus(policy.status) &&
      policy.autoRenewalEnabled &&
      !policy.renewalStopped;
    if (!open || !policy?.expiredAt)
      throw new AppError('CONFLICT', 'This renewal can no longer be changed: please contact us.');
    // The one rule of what a change may write, as for proposals and mid-term changes (ADR 347).
    const applied = await applyAnswerChanges({ ...ctx, db: tx }, row.data, input.changes, {
      onPolicy: true,
      target: `renewal ${code}`,
    });
    const priced = priceRenewal(ctx.brand, applied.data as unknown as Record<string, unknown>, {
      anniversary: policy.expiredAt,
      now,
      product: row.product,
      channelPromoCode: await channelPromoCode(tx, row),
    });
    if (!priced.rated) throw validation(priced.errors, 'These answers cannot be priced for renewal');
    const status = priced.status === 'REFERRAL' ? 'REFERRAL' : 'QUOTE';
    await updateRenewalQuote(tx, code, { data: priced.data, status, quote: priced.quote, now });
    await tx
      .update(renewals)
      .set({
        renewalTotalPence: priced.pricing.renewal.total,
        newBusinessTotalPence: priced.pricing.newBusiness.total,
        offeredTotalPence: totalOf(priced.quote),
        capped: priced.pricing.capped,
        renewalTrace: priced.pricing.renewal.trace,
        newBusinessTrace: priced.pricing.newBusiness.trace,
      })
      .where(and(eq(renewals.policyId, policy.id), eq(renewals.proposalCode, code)));
    if (status === 'REFERRAL') {
      // The renewal machine's move: only an offered renewal becomes REFERRED (ADR 345).
      const refer = guardOf(renewalMachine, 'refer');
      await tx
        .update(renewals)
        .set({ status: refer.to })
        .where(
          and(
            eq(renewals.policyId, policy.id),
            eq(renewals.proposalCode, code),
            inArray(renewals.status, refer.from),
          ),
        );
    }
    const [updated] = await tx.select().from(proposals).where(eq(proposals.proposalCode, code));
    return toProposal(updated ?? row, now, ctx.brand);
  });
}
