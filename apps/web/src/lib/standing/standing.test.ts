import { describe, expect, it } from 'vitest';
import { sampleStanding } from '../../../test/fixtures.ts';
import { standingBadge } from './standing.ts';
import { standingTexts } from './texts.ts';

describe('standingBadge (ADR 352, 395)', () => {
  it('marks arrears by why they are owed, in words of its own for each', () => {
    const badge = (why: 'failed' | 'takenBack' | 'ended') =>
      standingBadge(
        sampleStanding({ headline: 'arrears', arrears: { amount: 100, statementNumbers: [2], why } }),
      );
    const words = (['failed', 'takenBack', 'ended'] as const).map((why) => {
      const b = badge(why);
      expect(b?.variant).toBe('critical');
      return standingTexts[b?.key ?? ''];
    });
    expect(words).toEqual(['Payment missed', 'Payment taken back', 'Still to pay']);
  });

  it('money owed back (ADR 405): a refund on its way or to pay, and one that failed, in words of their own; arrears first', () => {
    const back = (state: 'onItsWay' | 'toPayBack' | 'held') => ({
      state,
      amount: 271,
      method: 'CARD' as const,
      reachesBy: null,
    });
    const words = (['onItsWay', 'toPayBack', 'held'] as const).map((state) => {
      const b = standingBadge(sampleStanding({ payingBack: back(state) }));
      return [b?.variant, standingTexts[b?.key ?? '']];
    });
    expect(words).toEqual([
      ['info', 'Refund on its way'],
      ['info', 'Refund on its way'],
      ['warning', 'Refund: please call us'],
    ]);
    const both = sampleStanding({
      headline: 'arrears',
      arrears: { amount: 100, statementNumbers: [2], why: 'ended' },
      payingBack: back('onItsWay'),
    });
    expect(standingBadge(both)?.key).toBe('standing.badge.arrears.ended');
    expect(standingBadge(sampleStanding())).toBeNull();
  });
});
