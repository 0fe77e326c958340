import type { Proposal } from '@forecourt/contracts/proposals';
import { addDaysIso, londonDate, todayInLondon } from '@forecourt/domain/dates';

export type BindBlock = { reason: 'notOpen' } | { reason: 'tooEarly'; startDate: string; opensOn: string };

/**
 * Whether checkout may bind this proposal (spec 3 §2 "If bind is disabled, a disabled notice is shown"; ADR 101):
 * not open for checkout unless it is a rated quote (status and rating QUOTE) whose quote has not expired; too
 * early while the start date is more than `windowDays` (the product's start-date window) away.
 */
export function bindBlock(proposal: Proposal, windowDays: number, now: Date = new Date()): BindBlock | null {
  const quote = proposal.quote;
  const expired = proposal.quoteExpiresAt !== null && new Date(proposal.quoteExpiresAt) < now;
  if (proposal.status !== 'QUOTE' || !quote || quote.ratingStatus !== 'QUOTE' || !quote.totals || expired)
    return { reason: 'notOpen' };
  if (!proposal.startAt) return { reason: 'notOpen' };
  const startDate = londonDate(proposal.startAt);
  const opensOn = addDaysIso(startDate, -windowDays);
  return todayInLondon(now) < opensOn ? { reason: 'tooEarly', startDate, opensOn } : null;
}
