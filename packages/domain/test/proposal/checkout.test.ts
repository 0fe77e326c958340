import { describe, expect, it } from 'vitest';
import { type CheckoutProposal, checkoutBlock } from '../../src/proposal/checkout.ts';

const now = new Date('2026-11-21T10:00:00Z');
const proposal = (patch: Partial<CheckoutProposal> = {}): CheckoutProposal => ({
  status: 'QUOTE',
  quote: { ratingStatus: 'QUOTE', totals: { gross: 1000 }, vrn: 'AB19CDE' },
  startAt: '2026-12-21T00:00:00Z',
  quoteExpiresAt: '2026-12-20T10:00:00Z',
  ...patch,
});

describe('checkoutBlock (one rule for the checkout page and the API)', () => {
  it('allows a rated quote starting within the window, from ISO strings or dates', () => {
    expect(checkoutBlock(proposal(), 30, now)).toBeNull();
    const rows = proposal({
      startAt: new Date('2026-12-21T00:00:00Z'),
      quoteExpiresAt: new Date(now.getTime() + 1),
    });
    expect(checkoutBlock(rows, 30, now)).toBeNull();
  });

  it('is too early while the start is more than the window away, naming the day checkout opens', () => {
    expect(checkoutBlock(proposal({ startAt: '2027-01-10T00:00:00Z' }), 30, now)).toEqual({
      reason: 'TOO_EARLY',
      startDate: '2027-01-10',
      opensOn: '2026-12-11',
    });
    // The London day counts: 00:00 BST on 21 December is still that day (GMT here, but the rule is London's).
    expect(checkoutBlock(proposal({ startAt: '2026-12-21T00:00:00Z' }), 30, now)).toBeNull();
    expect(checkoutBlock(proposal({ startAt: '2026-12-22T00:00:00Z' }), 30, now)?.reason).toBe('TOO_EARLY');
  });

  it('needs a registration in a UK format to buy (issue 27 §4): none, or NOT A PLATE, Q123 ABC, 1234', () => {
    for (const vrn of [undefined, null, '', 'NOT A PLATE', 'Q123 ABC', '1234'])
      expect(
        checkoutBlock(proposal({ quote: { ratingStatus: 'QUOTE', totals: { gross: 1000 }, vrn } }), 30, now),
        String(vrn),
      ).toEqual({ reason: 'NO_REGISTRATION' });
    for (const vrn of ['DAZ 1234', 'AB12CDE', 'A123 BCD', 'ABC 123D'])
      expect(
        checkoutBlock(proposal({ quote: { ratingStatus: 'QUOTE', totals: { gross: 1000 }, vrn } }), 30, now),
      ).toBeNull();
  });

  it('is not open for a referral, a policy, an unrated quote or no start date', () => {
    expect(checkoutBlock(proposal({ status: 'REFERRAL' }), 30, now)?.reason).toBe('NOT_OPEN');
    expect(checkoutBlock(proposal({ status: 'POLICY' }), 30, now)?.reason).toBe('NOT_OPEN');
    expect(checkoutBlock(proposal({ quote: null }), 30, now)?.reason).toBe('NOT_OPEN');
    expect(checkoutBlock(proposal({ quote: { ratingStatus: 'QUOTE', totals: null } }), 30, now)?.reason).toBe(
      'NOT_OPEN',
    );
    expect(checkoutBlock(proposal({ startAt: null }), 30, now)?.reason).toBe('NOT_OPEN');
  });

  it('is expired from the instant the quote expires (the status reads QUOTE_EXPIRED then too)', () => {
    expect(checkoutBlock(proposal({ quoteExpiresAt: now.toISOString() }), 30, now)?.reason).toBe('EXPIRED');
    expect(checkoutBlock(proposal({ quoteExpiresAt: '2026-11-20T00:00:00Z' }), 30, now)?.reason).toBe(
      'EXPIRED',
    );
    expect(checkoutBlock(proposal({ quoteExpiresAt: new Date(now.getTime() + 1) }), 30, now)).toBeNull();
  });
});
