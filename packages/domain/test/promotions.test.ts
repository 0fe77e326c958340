import { describe, expect, it } from 'vitest';
import { monthlyFromAnnual } from '../src/money.ts';
import {
  checkPromotion,
  findPromotion,
  freeMonthsDiscount,
  isWithinActivationWindow,
  isWithinPurchaseWindow,
  PROMOTION_ACTIVATION_WINDOW_DAYS,
  PROMOTION_PURCHASE_WINDOW_DAYS,
  PROMOTIONS,
  type Promotion,
} from '../src/promotions.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('catalogue (spec 3 §9)', () => {
  it('holds the five codes with their free months, terms and ages', () => {
    expect(PROMOTIONS.map((p) => [p.code, p.freeMonths, p.requiresTerms, p.minimumAge])).toEqual([
      ['HC1M', 1, true, 17],
      ['HC3M', 3, false, 17],
      ['HC3MCB', 3, false, 17],
      ['HC3MQ323', 3, true, 17],
      ['HC6MZOE', 6, false, 18],
    ]);
    expect([PROMOTION_ACTIVATION_WINDOW_DAYS, PROMOTION_PURCHASE_WINDOW_DAYS]).toEqual([30, 14]);
  });
  it('finds codes case-insensitively and trimmed', () => {
    expect(findPromotion(' hc3m ')?.code).toBe('HC3M');
    expect(findPromotion('HC9M')).toBeNull();
  });
});

describe('checkPromotion', () => {
  it('an open promotion with its conditions met is eligible', () => {
    expect(checkPromotion('HC3M', { age: 30, termsAccepted: false, now })).toMatchObject({
      eligible: true,
      reasons: [],
      promotion: { code: 'HC3M', freeMonths: 3 },
    });
  });
  it('unknown code', () => {
    expect(checkPromotion('FREE', { age: 30, termsAccepted: true, now })).toEqual({
      eligible: false,
      promotion: null,
      reasons: ['UNKNOWN_CODE'],
    });
  });
  it('terms must be accepted for HC1M and HC3MQ323', () => {
    expect(checkPromotion('HC1M', { age: 30, termsAccepted: false, now }).reasons).toEqual([
      'TERMS_NOT_ACCEPTED',
    ]);
    expect(checkPromotion('HC3MQ323', { age: 30, termsAccepted: true, now }).eligible).toBe(true);
  });
  it('HC6MZOE needs 18, others 17', () => {
    expect(checkPromotion('HC6MZOE', { age: 17, termsAccepted: true, now }).reasons).toEqual([
      'UNDER_MINIMUM_AGE',
    ]);
    expect(checkPromotion('HC6MZOE', { age: 18, termsAccepted: true, now }).eligible).toBe(true);
    expect(checkPromotion('HC3M', { age: 17, termsAccepted: true, now }).eligible).toBe(true);
    expect(checkPromotion('HC3M', { age: 16, termsAccepted: true, now }).reasons).toEqual([
      'UNDER_MINIMUM_AGE',
    ]);
  });
  it('an ended or switched-off promotion is inactive, and every reason is reported', () => {
    const catalogue: Promotion[] = [
      {
        code: 'OLD',
        freeMonths: 1,
        requiresTerms: true,
        minimumAge: 18,
        active: true,
        endAt: '2026-11-01T00:00:00Z',
      },
      { code: 'OFF', freeMonths: 1, requiresTerms: false, minimumAge: 17, active: false, endAt: null },
    ];
    expect(checkPromotion('old', { age: 17, termsAccepted: false, now, catalogue }).reasons).toEqual([
      'INACTIVE',
      'TERMS_NOT_ACCEPTED',
      'UNDER_MINIMUM_AGE',
    ]);
    expect(checkPromotion('OFF', { age: 40, termsAccepted: true, now, catalogue }).reasons).toEqual([
      'INACTIVE',
    ]);
  });
  it('purchase must follow the deposit within 14 days', () => {
    const base = { age: 30, termsAccepted: true, now };
    expect(checkPromotion('HC3M', { ...base, depositAt: '2026-11-08T12:00:00Z' }).eligible).toBe(true);
    expect(checkPromotion('HC3M', { ...base, depositAt: '2026-11-06T12:00:00Z' }).reasons).toEqual([
      'PURCHASE_WINDOW_CLOSED',
    ]);
  });
});

describe('windows', () => {
  it('activation until 30 days after the end; open-ended always', () => {
    expect(isWithinActivationWindow({ endAt: null }, now)).toBe(true);
    expect(isWithinActivationWindow({ endAt: '2026-10-23T12:00:00Z' }, now)).toBe(true);
    expect(isWithinActivationWindow({ endAt: '2026-10-21T12:00:00Z' }, now)).toBe(false);
  });
  it('purchase until 14 days after the deposit', () => {
    expect(isWithinPurchaseWindow('2026-11-07T12:00:00Z', now)).toBe(true);
    expect(isWithinPurchaseWindow('2026-11-07T11:59:59Z', now)).toBe(false);
  });
});

describe('freeMonthsDiscount', () => {
  it('is the first N instalments, including the remainder pennies of the first', () => {
    const plan = monthlyFromAnnual(100000);
    expect(freeMonthsDiscount(plan.instalments, 3)).toBe(8337 + 8333 + 8333);
    expect(freeMonthsDiscount(plan.instalments, 0)).toBe(0);
    expect(freeMonthsDiscount(plan.instalments, 24)).toBe(100000);
  });
});
