import { defineMachine, tableOf } from './machine.ts';

/**
 * A renewal (renewals.status, upper case; one row per policy and cycle). The invitation run creates it
 * INVITED (priced, offered), REFERRED (the price needs an underwriter), UNRATED (it could not be priced) or
 * MANUAL_REVIEW (the policy is reviewed by staff). Staff release a waiting one (INVITED); the customer's change
 * of an offered quote (INVITED, or MANUAL_REVIEW at a QUOTE) that refers it makes it REFERRED. At the anniversary it is RENEWED (the successor issued) or LAPSED; a
 * lapsed renewal taken up in time (ADR 335) is RENEWED after all.
 */
export const RENEWAL_STATUSES = [
  'INVITED',
  'REFERRED',
  'MANUAL_REVIEW',
  'UNRATED',
  'RENEWED',
  'LAPSED',
] as const;
export type RenewalState = (typeof RENEWAL_STATUSES)[number];
export const RENEWAL_EVENTS = ['release', 'refer', 'renew', 'lapse', 'takeUp'] as const;
export type RenewalEvent = (typeof RENEWAL_EVENTS)[number];

const row = tableOf<RenewalState, RenewalEvent>();
/** Waiting for staff (ADR 265). */
export const RENEWAL_WAITING = ['REFERRED', 'MANUAL_REVIEW', 'UNRATED'] as const;

export const renewalMachine = defineMachine<RenewalState, RenewalEvent>({
  name: 'renewal',
  states: RENEWAL_STATUSES,
  events: RENEWAL_EVENTS,
  initial: ['INVITED', 'REFERRED', 'MANUAL_REVIEW', 'UNRATED'],
  moves: [
    ...row(RENEWAL_WAITING, 'release', 'INVITED', 'renewal.invited'),
    ...row(['INVITED', 'MANUAL_REVIEW'], 'refer', 'REFERRED', 'renewal.referred'),
    ...row('INVITED', 'renew', 'RENEWED', 'renewal.renewed'),
    ...row(['INVITED', ...RENEWAL_WAITING], 'lapse', 'LAPSED', 'renewal.lapsed'),
    ...row('LAPSED', 'takeUp', 'RENEWED', 'renewal.renewed'),
  ],
});
