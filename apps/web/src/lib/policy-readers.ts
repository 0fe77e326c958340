import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';

/*
 * What the policy page and the areas it shows (billing, changes, cancellation, documents, uploads) read of a
 * policy alike, and how they write its money and days (ADR 358: below the areas, so none imports another's).
 */

/** The parts of a policy version's quote the details tab reads; anything missing reads as empty. */
export function quoteOf(policy: Policy): Partial<Quote> {
  return asQuote(policy.currentPolicyVersion.quote);
}

const asQuote = (q: unknown): Partial<Quote> =>
  typeof q === 'object' && q !== null ? (q as Partial<Quote>) : {};

/**
 * The quote a change made now starts from (ADR 398, 401): the latest version's when a change waits to take effect
 * (its covers and excess from then), else the one in force.
 */
export function changeQuoteOf(policy: Policy): Partial<Quote> {
  return asQuote((policy.latestPolicyVersion ?? policy.currentPolicyVersion).quote);
}

/**
 * When the cover in force next changes (ADR 401): the earliest start still to come of a version after the one in
 * force, or null. (A later change may wait behind it: the add-ons and excess pages name the latest.)
 */
export function nextChangeAt(policy: Policy, now: Date = new Date()): string | null {
  const current = policy.currentPolicyVersion.versionNumber;
  const starts = (policy.versions ?? [])
    .filter((v) => v.versionNumber > current && Date.parse(v.startedAt) > now.getTime())
    .map((v) => v.startedAt)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return starts[0] ?? null;
}

/** Every version of the policy, oldest first (the current one when the API lists none). */
export function versionsOf(policy: Policy): { versionNumber: number; startedAt: string }[] {
  if (policy.versions && policy.versions.length > 0) return policy.versions;
  return [
    {
      versionNumber: policy.currentPolicyVersion.versionNumber,
      startedAt: policy.currentPolicyVersion.startedAt,
    },
  ];
}

/** Pence as pounds for display (the domain's one formatter); a stray fraction of a penny is shown rounded, never thrown. */
export const gbp = (pence: number) => formatGBP(Math.round(pence));
export const londonDay = (iso: string) => formatLondon(iso, 'd MMMM yyyy');
