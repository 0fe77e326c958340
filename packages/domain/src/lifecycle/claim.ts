import { CLAIM_STATUSES, type ClaimStatus } from '../enums.ts';
import { defineMachine, tableOf } from './machine.ts';

/** A claim (claims.status, lower case): notified pending, taken on by a handler (active), then settled. */
export const CLAIM_EVENTS = ['accept', 'settle'] as const;
export type ClaimEvent = (typeof CLAIM_EVENTS)[number];
export type ClaimState = ClaimStatus;

const row = tableOf<ClaimState, ClaimEvent>();

export const claimMachine = defineMachine<ClaimState, ClaimEvent>({
  name: 'claim',
  states: CLAIM_STATUSES,
  events: CLAIM_EVENTS,
  initial: ['pending'],
  moves: [
    ...row('pending', 'accept', 'active', 'claim.accepted'),
    ...row('active', 'settle', 'settled', 'claim.settled'),
  ],
});
