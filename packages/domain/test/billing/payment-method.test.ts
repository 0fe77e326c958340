import { describe, expect, it } from 'vitest';
import { missingPaymentMethod, paymentMethodNeeded } from '../../src/billing/payment-method.ts';

describe('payment method rules (spec 1 §4, ADR 313)', () => {
  it('a method is needed only while a subscription has not ended', () => {
    expect(paymentMethodNeeded({ product: 'SUBSCRIPTION', policyStatus: 'ACTIVE' })).toBe(true);
    expect(paymentMethodNeeded({ product: 'SUBSCRIPTION', policyStatus: 'PENDING' })).toBe(true);
    for (const ended of ['CANCELLED', 'LAPSED', 'VOIDED', 'NTU', 'RENEWED'] as const) {
      expect(paymentMethodNeeded({ product: 'SUBSCRIPTION', policyStatus: ended })).toBe(false);
    }
    expect(paymentMethodNeeded({ product: 'ANNUAL', policyStatus: 'ACTIVE' })).toBe(false);
    expect(paymentMethodNeeded({ product: 'DRIVEAWAY', policyStatus: 'ACTIVE' })).toBe(false);
    expect(paymentMethodNeeded({ product: undefined, policyStatus: 'ACTIVE' })).toBe(false);
  });

  it('missing card or missing mandate by how the account pays, only when needed and unusable', () => {
    const card = { paymentMethodType: 'CARD' as const, paymentMethodNeeded: true };
    const debit = { paymentMethodType: 'BACS_DEBIT' as const, paymentMethodNeeded: true };
    expect(missingPaymentMethod({ ...card, paymentMethodUsable: false })).toBe('card');
    expect(missingPaymentMethod({ ...debit, paymentMethodUsable: false })).toBe('mandate');
    expect(missingPaymentMethod({ ...debit, paymentMethodUsable: true })).toBeNull();
    expect(
      missingPaymentMethod({ ...card, paymentMethodUsable: false, paymentMethodNeeded: false }),
    ).toBeNull();
    // An older answer without the fields: nothing is claimed missing.
    expect(missingPaymentMethod({ paymentMethodType: 'CARD' })).toBeNull();
  });
});
