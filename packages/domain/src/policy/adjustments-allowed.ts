/**
 * The permission flag of spec 3 §4 step 9 and §6 ("adjustment routes and edit actions require a permission
 * flag; otherwise a blocked modal"), decided once for web and API (ADR 301): a customer may change a policy
 * online while it is live (ACTIVE or PENDING), not set to end (no termination time), and its account is not
 * suspended for non-payment (ADR 203: a suspended account pays what it owes before anything else changes).
 * Staff acting for the customer are not bound by it.
 */
export function adjustmentsAllowed(o: {
  policyStatus: string;
  terminatedAt: string | null;
  accountSuspended: boolean;
}): boolean {
  return ['ACTIVE', 'PENDING'].includes(o.policyStatus) && o.terminatedAt === null && !o.accountSuspended;
}
