import { describe, expect, it } from 'vitest';
import type { AccountFacts } from '../src/modules/billing/index.ts';
import { standingOf } from '../src/modules/policies/standing.ts';

type PolicyRow = Parameters<typeof standingOf>[0];

/**
 * ADR 400: the standing's renewal is `owing` only while the money owed is what decides it: the policy opted in,
 * its renewal offered, and no notice of cancellation running (that ends cover first, and the arrears say so).
 */
const now = new Date('2027-12-20T12:00:00Z');
const policy = {
  status: 'ACTIVE',
  inceptedAt: new Date('2027-01-10T09:00:00Z'),
  expiredAt: new Date('2028-01-10T09:00:00Z'),
  terminatedAt: null,
  renewalStopped: false,
  reviewType: 'AUTO',
  autoRenewalEnabled: true,
} as unknown as PolicyRow;
const owing = (suspended: boolean): AccountFacts => ({
  accountId: 'a',
  arrears: { amount: 4923, statementNumbers: [12], takenBack: false },
  pendingCollection: null,
  nextPayment: null,
  suspended,
  holdsRenewal: { amount: 4923 },
  payingBack: null,
});
const offered = { referred: false, offered: true };

describe('the renewal state of a policy owing money (ADR 400)', () => {
  it('offered and owing, no notice running: owing, and not "renewing"', () => {
    const s = standingOf(policy, now, owing(false), offered);
    expect(s.renewal).toEqual({ state: 'owing', anniversaryAt: '2028-01-10T09:00:00.000Z' });
    expect(s.facts).not.toContain('renewing');
    expect(s.headline).toBe('arrears');
  });

  it('suspended with a notice of cancellation running: automatic (the arrears tell the notice), not owing', () => {
    expect(standingOf(policy, now, owing(true), offered).renewal?.state).toBe('automatic');
  });

  it('a Direct Debit presented again: arrears, but nothing holds the renewal back (the bank answers first)', () => {
    const presented = { ...owing(false), holdsRenewal: null };
    expect(standingOf(policy, now, presented, offered)).toMatchObject({
      headline: 'arrears',
      renewal: { state: 'automatic' },
    });
  });

  it('not offered yet: automatic; nothing owed: automatic and renewing; opted out: optedOut', () => {
    expect(standingOf(policy, now, owing(false), { referred: false, offered: false }).renewal?.state).toBe(
      'automatic',
    );
    const clear = { ...owing(false), arrears: null, holdsRenewal: null };
    expect(standingOf(policy, now, clear, offered)).toMatchObject({
      renewal: { state: 'automatic' },
      facts: expect.arrayContaining(['renewing']),
    });
    const optedOut = { ...policy, autoRenewalEnabled: false } as PolicyRow;
    expect(standingOf(optedOut, now, owing(false), offered).renewal?.state).toBe('optedOut');
  });
});
