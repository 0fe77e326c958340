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
});
