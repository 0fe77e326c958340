/**
 * Ending a policy from inception (ADR 240): void (the insurer avoids the contract) and NTU (not taken up).
 * Pure rules shared by the API and the admin screens.
 */

/**
 * Why staff void a policy (Consumer Insurance (Disclosure and Representations) Act 2012, Schedule 1): a
 * deliberate or reckless misrepresentation, or fraud, lets the insurer keep the premiums paid; a careless one
 * where it would not have offered cover at all obliges it to return them.
 */
export const VOID_REASONS = [
  'DELIBERATE_OR_RECKLESS_MISREPRESENTATION',
  'CARELESS_MISREPRESENTATION',
  'FRAUD',
] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/** Whether voiding for this reason pays back the premiums collected (only a careless misrepresentation). */
export const voidRefundsPremium = (reason: VoidReason) => reason === 'CARELESS_MISREPRESENTATION';

/** Why a policy was not taken up: the first payment never arrived, or the customer withdrew before cover began. */
export const NTU_REASONS = ['FIRST_PAYMENT_FAILED', 'WITHDRAWN_BEFORE_START'] as const;
export type NtuReason = (typeof NTU_REASONS)[number];

/**
 * A policy may be marked not taken up while it is live and either its cover has not started yet or nothing
 * has been collected for it (the first payment failed). Anything collected is paid back: no cover was used.
 */
export function ntuAllowed(p: {
  status: string;
  inceptedAt: Date;
  collectedPence: number;
  now: Date;
}): 'ok' | 'ended' | 'started-and-paid' {
  if (p.status !== 'PENDING' && p.status !== 'ACTIVE') return 'ended';
  if (p.inceptedAt > p.now || p.collectedPence <= 0) return 'ok';
  return 'started-and-paid';
}
