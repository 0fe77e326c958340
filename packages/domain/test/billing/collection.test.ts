import { describe, expect, it } from 'vitest';
import {
  adminCheckoutWays,
  collectionMethodsFor,
  nothingDueToday,
  purchaseMethodType,
} from '../../src/billing/collection.ts';

describe('how a purchase is paid and collected (ADR 315–317)', () => {
  it('nothing is due today at 0 pence or less', () => {
    expect([nothingDueToday(0), nothingDueToday(-1), nothingDueToday(1)]).toEqual([true, true, false]);
  });

  it('products paid in full are collected by card only; a subscription by card or Direct Debit', () => {
    expect(collectionMethodsFor('ANNUAL')).toEqual(['CARD']);
    expect(collectionMethodsFor('DRIVEAWAY')).toEqual(['CARD']);
    expect(collectionMethodsFor('SUBSCRIPTION')).toEqual(['CARD', 'BACS_DEBIT']);
  });

  it('the method chosen at checkout, narrowed to what the product allows', () => {
    expect(purchaseMethodType('SUBSCRIPTION', 'BACS_DEBIT')).toBe('BACS_DEBIT');
    expect(purchaseMethodType('SUBSCRIPTION', 'CARD')).toBe('CARD');
    expect(purchaseMethodType('SUBSCRIPTION', undefined)).toBeUndefined();
    expect(purchaseMethodType('ANNUAL', 'BACS_DEBIT')).toBe('CARD');
    expect(purchaseMethodType('DRIVEAWAY', undefined)).toBe('CARD');
  });

  it('admin checkout: Direct Debit only when nothing is due, with card when something is, card alone when paid in full', () => {
    expect(adminCheckoutWays('SUBSCRIPTION', 0)).toEqual(['ddOnly']);
    expect(adminCheckoutWays('SUBSCRIPTION', 4321)).toEqual(['ddWithCard']);
    expect(adminCheckoutWays('ANNUAL', 51234)).toEqual(['cardOnly']);
    expect(adminCheckoutWays('DRIVEAWAY', 2500)).toEqual(['cardOnly']);
  });
});
