import type { Proposal } from '@forecourt/contracts/proposals';
import { describe, expect, it } from 'vitest';
import { sampleProposal } from '../../../test/fixtures.ts';
import { bindBlock } from './bind-availability.ts';

const now = new Date('2026-11-21T10:00:00Z');
const with_ = (patch: Partial<Proposal>) => ({ ...sampleProposal(), ...patch });

describe('bindBlock', () => {
  it('allows a rated quote starting within the window', () => {
    expect(bindBlock(with_({ startAt: '2026-12-21T00:00:00Z' }), 30, now)).toBeNull();
  });
  it('is too early while the start is more than the window away, naming the day checkout opens', () => {
    expect(bindBlock(with_({ startAt: '2027-01-10T00:00:00Z' }), 30, now)).toEqual({
      reason: 'tooEarly',
      startDate: '2027-01-10',
      opensOn: '2026-12-11',
    });
  });
  it('is not open for a referral, a policy or an expired quote', () => {
    expect(bindBlock(with_({ status: 'REFERRAL' }), 30, now)?.reason).toBe('notOpen');
    expect(bindBlock(with_({ status: 'POLICY' }), 30, now)?.reason).toBe('notOpen');
    expect(bindBlock(with_({ quoteExpiresAt: '2026-11-20T00:00:00Z' }), 30, now)?.reason).toBe('notOpen');
  });
});
