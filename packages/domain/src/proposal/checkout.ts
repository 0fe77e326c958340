import { addDaysIso, daysBetweenLondon, londonDate } from '../dates.ts';
import { isRegistration } from '../patterns.ts';

/** What checkout needs to know of a proposal (the API's row or the web's Proposal: dates or ISO strings). */
export interface CheckoutProposal {
  status: string;
  quote: { ratingStatus: string; totals?: unknown; vrn?: string | null } | null;
  startAt: Date | string | null;
  quoteExpiresAt: Date | string | null;
}

export type CheckoutBlock =
  | { reason: 'NOT_OPEN' }
  | { reason: 'EXPIRED' }
  | { reason: 'NO_REGISTRATION' }
  | { reason: 'TOO_EARLY'; startDate: string; opensOn: string };

const instant = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Why a proposal cannot be bought now (spec 3 §2 bind-disabled notice; ADR 101, 111, 138), or null when it
 * can. Not open: not a rated QUOTE (rating QUOTE with totals) with a start date. Expired: its quote's
 * validity has run out — at `quoteExpiresAt` itself, as the proposal's status reads QUOTE_EXPIRED from that
 * instant. No registration: the quote has no registration in a UK format — optional while quoting, needed to
 * buy (spec 3 §5), as the Motor Insurance Database needs it (issue 27 §4, ADR 349). Too early: the start
 * date (London day) is more than `windowDays` (the product's start-date window) away; checkout opens on the
 * start date minus the window.
 */
export function checkoutBlock(
  proposal: CheckoutProposal,
  windowDays: number,
  now: Date,
): CheckoutBlock | null {
  const { quote } = proposal;
  if (
    proposal.status !== 'QUOTE' ||
    !quote ||
    quote.ratingStatus !== 'QUOTE' ||
    !quote.totals ||
    !proposal.startAt
  )
    return { reason: 'NOT_OPEN' };
  if (proposal.quoteExpiresAt && instant(proposal.quoteExpiresAt) <= now) return { reason: 'EXPIRED' };
  if (!quote.vrn || !isRegistration(quote.vrn)) return { reason: 'NO_REGISTRATION' };
  const startDate = londonDate(instant(proposal.startAt));
  if (daysBetweenLondon(now, startDate) > windowDays)
    return { reason: 'TOO_EARLY', startDate, opensOn: addDaysIso(startDate, -windowDays) };
  return null;
}
