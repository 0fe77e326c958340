import { addDaysIso, addYearsIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceRenewal } from '../src/modules/renewals/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 27 point 7 (ICOBS 6B, ADR 348): the equivalent new-business price is what a new customer of the same
 * channel would pay for the same start: rated as starting on the anniversary, with the free months that channel's
 * promotion gives new customers.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = new Date();
const today = todayInLondon(now);
const anniversaryDay = addDaysIso(today, 25);
const anniversary = startOfDayLondon(anniversaryDay);

/** The policy's answers, the driver turning 70 ten days before the anniversary (a dearer age band). */
function answers(): Record<string, unknown> {
  const data = sampleProposalData(today);
  const ph = data.profiles[0]!.data;
  ph.dateOfBirth = addYearsIso(addDaysIso(anniversaryDay, -10), -70);
  ph.drivingLicence.validFrom = addYearsIso(ph.dateOfBirth, 18);
  return data as unknown as Record<string, unknown>;
}

const price = (channelPromoCode: string | null) => {
  const priced = priceRenewal(t.app.services.brand, answers(), {
    anniversary,
    now,
    product: 'SUBSCRIPTION',
    channelPromoCode,
  });
  if (!priced.rated) throw new Error(JSON.stringify(priced.errors));
  return priced;
};

const ageIn = (trace: { factor: string; input?: unknown }[]) =>
  trace.find((e) => e.factor === 'driverAge')?.input;

describe('the equivalent new-business price (ICOBS 6B)', () => {
  it('is rated as a policy starting on the anniversary, as the renewal is', () => {
    const { pricing } = price(null);
    expect(pricing.newBusiness.ratingDate).toBe(anniversaryDay);
    expect(pricing.renewal.ratingDate).toBe(anniversaryDay);
    // The driver is 70 at the start of both: the same risk, so the same price, and nothing to cap.
    expect(ageIn(pricing.newBusiness.trace)).toBe(70);
    expect(pricing.newBusiness.total).toBe(pricing.renewal.total);
    expect(pricing.capped).toBe(false);
  });

  it('includes the free months new customers of the same channel get (HC3M), and the offer carries them', () => {
    const plain = price(null);
    const { pricing, quote } = price('HC3M');
    expect(pricing.newBusiness.total).toBeLessThan(plain.pricing.newBusiness.total);
    expect(pricing.capped).toBe(true);
    expect(quote.totals?.freeMonths).toBe(3);
    expect(quote.totals?.discountedPrice).toBe(pricing.newBusiness.total);
    expect(quote.promoCode).toBe('HC3M');
    expect(quote.totals?.discountedPrice).toBeLessThan(pricing.renewal.total);
  });

  it('counts a promotion whose terms a new customer accepts (HC1M) as given', () => {
    const { pricing, quote } = price('HC1M');
    expect(pricing.capped).toBe(true);
    expect(quote.totals?.freeMonths).toBe(1);
  });

  it('leaves out a code new business does not honour', () => {
    const plain = price(null);
    const { pricing } = price('NOT-A-CODE');
    expect(pricing.newBusiness.total).toBe(plain.pricing.newBusiness.total);
    expect(pricing.capped).toBe(false);
  });
});
