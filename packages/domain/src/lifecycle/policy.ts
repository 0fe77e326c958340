import { POLICY_STATUSES, type PolicyStatus } from '../enums.ts';
import { defineMachine, tableOf } from './machine.ts';

/**
 * A policy (policies.status, upper case): bound PENDING (cover to come) or ACTIVE; it ends once, by
 * cancellation (the customer's, a referred change's or non-payment), void or not-taken-up (from inception),
 * lapse at the anniversary, or renewal into its successor. Every end is terminal: a lapsed renewal taken up
 * (ADR 335) is a new policy, the lapsed one stays LAPSED.
 */
export const POLICY_EVENTS = ['start', 'cancel', 'void', 'notTakenUp', 'lapse', 'renew'] as const;
export type PolicyEvent = (typeof POLICY_EVENTS)[number];
export type PolicyState = PolicyStatus;

const row = tableOf<PolicyState, PolicyEvent>();
const LIVE = ['PENDING', 'ACTIVE'] as const;

export const policyMachine = defineMachine<PolicyState, PolicyEvent>({
  name: 'policy',
  states: POLICY_STATUSES,
  events: POLICY_EVENTS,
  initial: ['PENDING', 'ACTIVE'],
  moves: [
    ...row('PENDING', 'start', 'ACTIVE', 'policy.activated'),
    ...row(LIVE, 'cancel', 'CANCELLED', 'policy.cancelled'),
    ...row(LIVE, 'void', 'VOIDED', 'policy.voided'),
    ...row(LIVE, 'notTakenUp', 'NTU', 'policy.not_taken_up'),
    ...row(LIVE, 'lapse', 'LAPSED', 'policy.lapsed'),
    ...row(LIVE, 'renew', 'RENEWED', 'policy.renewed'),
  ],
});
