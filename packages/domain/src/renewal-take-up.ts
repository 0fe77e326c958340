/**
 * A renewal quote taken up after the policy lapsed (spec 3 §4 Renewal: "opted out: the policy ends; the quote
 * can be re-activated"; issue 14 §4; ADR 335). Pure; the API and the home banner both run these.
 */
import { addDaysIso, londonDate, startOfDayLondon } from './dates.ts';

/** How long after the anniversary a lapsed renewal quote can still be taken up (ADR 335). */
export const LAPSED_RENEWAL_TAKE_UP_DAYS = 30;

/** The last instant a lapsed renewal quote can be taken up: the end of the 30th London day after the anniversary. */
export function takeUpUntil(anniversary: Date, days: number = LAPSED_RENEWAL_TAKE_UP_DAYS): Date {
  const after = addDaysIso(londonDate(anniversary), days + 1);
  return new Date(startOfDayLondon(after).getTime() - 1);
}

/**
 * Whether a lapsed policy's renewal quote can be taken up now: the policy LAPSED, renewal not stopped nor
 * NEVER reviewed, the renewal proposal a QUOTE whose validity has not passed.
 */
export function canTakeUpLapsedRenewal(
  policy: { status: string; renewalStopped: boolean; reviewType?: string | null },
  proposal: { status: string; quoteExpiresAt: string | Date | null | undefined } | undefined,
  now: Date,
): boolean {
  if (policy.status !== 'LAPSED' || policy.renewalStopped || policy.reviewType === 'NEVER') return false;
  if (proposal?.status !== 'QUOTE' || !proposal.quoteExpiresAt) return false;
  return new Date(proposal.quoteExpiresAt).getTime() > now.getTime();
}
