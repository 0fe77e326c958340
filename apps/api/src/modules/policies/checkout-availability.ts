import { tz } from '@date-fns/tz';
import type { Quote } from '@forecourt/contracts/proposals';
import { differenceInCalendarDays, format, subDays } from 'date-fns';
import type { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

const london = tz('Europe/London');
type ProposalRow = typeof proposals.$inferSelect;

/**
 * Why a proposal cannot be bought now (spec 3 §2 bind-disabled notice, ADR 101/111), or undefined when it can.
 * Not open for checkout: not a rated, unexpired QUOTE with a start date. Too early: the start date (London day)
 * is more than the product's start-date window (`productConfig.startDate.days`) away.
 */
export function checkoutBlock(
  ctx: Pick<Ctx, 'brand'>,
  proposal: ProposalRow,
  now: Date,
): { reason: 'NOT_OPEN' | 'EXPIRED' | 'TOO_EARLY'; error: AppError } | undefined {
  const quote = proposal.quote as Quote | null;
  if (proposal.status !== 'QUOTE' || !quote || quote.ratingStatus !== 'QUOTE' || !proposal.startAt) {
    return {
      reason: 'NOT_OPEN',
      error: new AppError('UNPROCESSABLE', 'This quote is not open for checkout.'),
    };
  }
  if (proposal.quoteExpiresAt && proposal.quoteExpiresAt <= now) {
    return {
      reason: 'EXPIRED',
      error: new AppError('GONE', 'This quote has expired. Update the start date to get the latest price.'),
    };
  }
  const window = ctx.brand.productConfig.startDate.days;
  if (differenceInCalendarDays(proposal.startAt, now, { in: london }) > window) {
    const opens = format(subDays(proposal.startAt, window, { in: london }), 'd MMMM yyyy', { in: london });
    const starts = format(proposal.startAt, 'd MMMM yyyy', { in: london });
    return {
      reason: 'TOO_EARLY',
      error: new AppError(
        'UNPROCESSABLE',
        `It is too early to buy this policy: cover starts on ${starts}. Checkout opens on ${opens}.`,
      ),
    };
  }
  return undefined;
}

/** Throws the reason a proposal cannot be bought now. */
export function assertOpenForCheckout(ctx: Pick<Ctx, 'brand'>, proposal: ProposalRow, now: Date) {
  const block = checkoutBlock(ctx, proposal, now);
  if (block) throw block.error;
}
