import { addDaysIso, addYearsIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { expect } from 'vitest';
import { settleFirstPaymentWithCard, verifiedQuote } from './checkout-helpers.ts';
import { type ListeningApp, rows } from './payments-helpers.ts';
import type { Visitor } from './proposals-helpers.ts';

type Data = Parameters<NonNullable<Parameters<typeof verifiedQuote>[1]>>[0];

export interface BoundPolicy {
  v: Visitor;
  partyId: string;
  policyId: string;
  policyNumber: string;
  proposalCode: string;
  expiredAt: Date;
}

/** A policy bought today (through a promotion's channel when `promo` is given), cover starting now (ACTIVE), paid by card; its anniversary a year on. */
export async function boundPolicy(
  t: ListeningApp,
  mutate?: (d: Data) => void,
  promo?: string,
): Promise<BoundPolicy> {
  const today = todayInLondon(t.clock.now());
  const { v, code, partyId } = await verifiedQuote(
    t,
    (d) => {
      d.quote.startDate = today;
      mutate?.(d);
    },
    promo,
  );
  await settleFirstPaymentWithCard(t, v, code, partyId);
  const bound = await v.call('POST', `/api/proposals/${code}/bind`);
  expect(bound.statusCode, bound.body).toBe(200);
  const { policyId, policyNumber } = bound.json();
  const [row] = await rows(t, 'SELECT expired_at FROM policies WHERE id = $1', [policyId]);
  return {
    v,
    partyId,
    policyId,
    policyNumber,
    proposalCode: code,
    expiredAt: new Date(row?.expired_at as string),
  };
}

/** A policyholder whose birthday falls `daysBefore` days before the anniversary, reaching `age` on it. */
export function turnsOnRenewal(t: ListeningApp, age: number, daysBefore = 10) {
  const anniversary = addYearsIso(todayInLondon(t.clock.now()), 1);
  const dateOfBirth = addYearsIso(addDaysIso(anniversary, -daysBefore), -age);
  return (d: Data) => {
    const ph = d.profiles[0]!.data;
    ph.dateOfBirth = dateOfBirth;
    ph.drivingLicence.validFrom = addYearsIso(dateOfBirth, 18);
  };
}

/** Staff impersonating the policy's owner (the test app's `staff:<party>` token): never expires. */
export const staffFor = (p: BoundPolicy) => ({ authorization: `Bearer staff:${p.partyId}` });

export const DAY = 86_400_000;

/**
 * The first instant of the London day `days` calendar days before the day of `at`. The invitation window
 * counts London days: `days` × 24 hours back from an instant near midnight lands on the neighbouring day
 * when the span crosses a change of the clocks (a policy bought at 23:10 in November, 31 × 24 hours before
 * its anniversary, is at 00:10 BST on the 30th day before).
 */
export const londonDayBefore = (at: Date, days: number) =>
  startOfDayLondon(addDaysIso(todayInLondon(at), -days));
