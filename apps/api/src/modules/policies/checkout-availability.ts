import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import {
  type CheckoutBlock,
  checkoutBlock as domainCheckoutBlock,
} from '@forecourt/domain/proposal/checkout';
import { riskMessage } from '@forecourt/domain/risk/messages';
import type { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

type ProposalRow = typeof proposals.$inferSelect;

const day = (iso: string) => formatLondon(`${iso}T12:00:00Z`, 'd MMMM yyyy');

/**
 * Why a proposal cannot be bought now, as an API error (ADR 101/111): the domain's `checkoutBlock`, the
 * same rule the checkout page shows (ADR 138), with the product's start-date window.
 */
export function checkoutBlock(
  ctx: Pick<Ctx, 'brand'>,
  proposal: ProposalRow,
  now: Date,
): { reason: CheckoutBlock['reason']; error: AppError } | undefined {
  const block = domainCheckoutBlock(
    { ...proposal, quote: proposal.quote as Quote | null },
    ctx.brand.productConfig.startDate.days,
    now,
  );
  if (!block) return undefined;
  if (block.reason === 'NOT_OPEN')
    return {
      reason: 'NOT_OPEN',
      error: new AppError('UNPROCESSABLE', 'This quote is not open for checkout.'),
    };
  if (block.reason === 'EXPIRED')
    return {
      reason: 'EXPIRED',
      error: new AppError('GONE', 'This quote has expired. Update the start date to get the latest price.'),
    };
  if (block.reason === 'NO_REGISTRATION') {
    const message = riskMessage('validation.registrationNeeded');
    return {
      reason: 'NO_REGISTRATION',
      error: new AppError('UNPROCESSABLE', message, { fieldErrors: { 'asset.vrn': [message] } }),
    };
  }
  return {
    reason: 'TOO_EARLY',
    error: new AppError(
      'UNPROCESSABLE',
      `It is too early to buy this policy: cover starts on ${day(block.startDate)}. Checkout opens on ${day(block.opensOn)}.`,
    ),
  };
}

/** Throws the reason a proposal cannot be bought now. */
export function assertOpenForCheckout(ctx: Pick<Ctx, 'brand'>, proposal: ProposalRow, now: Date) {
  const block = checkoutBlock(ctx, proposal, now);
  if (block) throw block.error;
}
