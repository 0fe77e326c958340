import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso, londonDate, startOfDayLondon } from '../../src/dates.ts';
import {
  cancellationCredit,
  cancellationEffectiveAt,
  cancellationRuleFor,
  cancellationWindow,
  DEFAULT_CANCELLATION_CONFIG as config,
  creditFor,
  daysOnCover,
  keptFor,
  periodDays,
  refundDue,
  storedCancellationReason,
} from '../../src/policy/cancellation.ts';

const DAY = 86_400_000;
const start = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const amount = fc.integer({ min: 1, max: 5_000_000 });
const periodOf = (s: Date, months: 1 | 12, amountPence: number) => {
  const end = new Date(s);
  end.setUTCMonth(end.getUTCMonth() + months);
  return { amountPence, start: s, end };
};
const charge = fc.tuple(start, fc.constantFrom<1 | 12>(1, 12), amount).map(([s, m, a]) => periodOf(s, m, a));

const policy = (status: 'ACTIVE' | 'PENDING', inceptedAt: Date, expiredAt: Date) => ({
  policyDetail: { policyStatus: status, inceptedAt, createdAt: inceptedAt, expiredAt, terminatedAt: null },
});

describe('pro-rata refund of a cancellation', () => {
  it('kept + credited is the charge, to the penny, and the credit is never negative nor above the charge', () => {
    fc.assert(
      fc.property(charge, fc.integer({ min: -40 * DAY, max: 400 * DAY }), (c, offset) => {
        const at = new Date(c.start.getTime() + offset);
        const credit = creditFor(c, at);
        expect(Number.isInteger(credit)).toBe(true);
        expect(keptFor(c, at) + credit).toBe(c.amountPence);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(c.amountPence);
      }),
    );
  });

  it('a cancellation before the start refunds everything; after the end refunds nothing', () => {
    fc.assert(
      fc.property(charge, fc.integer({ min: 0, max: 60 * DAY }), (c, before) => {
        expect(creditFor(c, new Date(c.start.getTime() - before))).toBe(c.amountPence);
        expect(creditFor(c, new Date(c.end.getTime() + before))).toBe(0);
      }),
    );
  });

  it('a cooling-off refund is everything but the days on cover (each begun London day counts)', () => {
    fc.assert(
      fc.property(charge, fc.integer({ min: 1, max: 14 * DAY }), (c, offset) => {
        const at = new Date(c.start.getTime() + offset);
        const days = daysOnCover(c, at);
        expect(days).toBeGreaterThanOrEqual(1);
        expect(days).toBeLessThanOrEqual(16);
        const used = Math.floor((c.amountPence * days) / periodDays(c));
        expect(creditFor(c, at)).toBe(c.amountPence - used);
      }),
    );
  });

  it('the later the cancellation, the smaller the credit', () => {
    fc.assert(
      fc.property(charge, fc.nat(400 * DAY), fc.nat(400 * DAY), (c, a, b) => {
        const [early, late] = [Math.min(a, b), Math.max(a, b)];
        expect(creditFor(c, new Date(c.start.getTime() + early))).toBeGreaterThanOrEqual(
          creditFor(c, new Date(c.start.getTime() + late)),
        );
      }),
    );
  });

  it('examples: a £366 year bought at 10:00 cancelled on its 10th day keeps £10; a month before its start refunds all', () => {
    // Bought at 10:00 and ending at 10:00 a year on, it touches 366 London days, each a day on cover (ADR 344).
    const year = {
      amountPence: 36_600,
      start: new Date('2026-01-01T10:00:00Z'),
      end: new Date('2027-01-01T10:00:00Z'),
    };
    expect(periodDays(year)).toBe(366);
    expect(creditFor(year, new Date('2026-01-10T09:00:00Z'))).toBe(35_600);
    expect(
      periodDays({ ...year, start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') }),
    ).toBe(365);
    expect(cancellationCredit([year, { ...year, amountPence: 1000 }], new Date('2025-12-01T00:00:00Z'))).toBe(
      37_600,
    );
  });

  it('money paid back is the credit less what is still owed, never negative', () => {
    expect(refundDue(5000, 0)).toBe(5000);
    expect(refundDue(5000, 2000)).toBe(3000);
    expect(refundDue(5000, 9000)).toBe(0);
    expect(refundDue(5000, -100)).toBe(5100);
  });
});

describe('which rule applies', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('within 14 days of inception is cooling-off; after it, standard with 30 days to defer', () => {
    const fresh = policy('ACTIVE', new Date(now.getTime() - 13 * DAY), new Date(now.getTime() + 300 * DAY));
    const old = policy('ACTIVE', new Date(now.getTime() - 15 * DAY), new Date(now.getTime() + 300 * DAY));
    expect(cancellationRuleFor(config, fresh, now).type).toBe('CoolingOff');
    expect(cancellationWindow(config, old, now)).toMatchObject({
      allowed: true,
      type: 'Standard',
      deferralDays: 30,
      latestDay: '2026-07-15',
    });
  });
  it('a policy not yet started is in cooling-off; the deferral is capped by the days to expiry', () => {
    const pending = policy('PENDING', new Date(now.getTime() + 5 * DAY), new Date(now.getTime() + 370 * DAY));
    expect(cancellationRuleFor(config, pending, now).type).toBe('CoolingOff');
    const ending = policy('ACTIVE', new Date(now.getTime() - 355 * DAY), new Date(now.getTime() + 10 * DAY));
    expect(cancellationWindow(config, ending, now).deferralDays).toBe(10);
    const missing = { ...config, daysToDefer: null };
    expect(cancellationWindow(missing, ending, now).deferralDays).toBe(1);
  });
  it('a deferred cancellation must fall before the expiry, even on the expiry day (issue 26)', () => {
    // Expires at 11:00 in ten days: the latest day is the expiry's day, but 12:00 that day is after cover ended.
    const expiry = new Date(now.getTime() + 10 * DAY);
    const ending = policy('ACTIVE', new Date(now.getTime() - 355 * DAY), expiry);
    const window = cancellationWindow(config, ending, now);
    expect(window.latestDay).toBe(londonDate(expiry));
    const before = new Date(expiry.getTime() - 60_000);
    expect(cancellationEffectiveAt(window, before, now)).toEqual({ at: before, immediate: false });
    expect(cancellationEffectiveAt(window, expiry, now)).toBe('too-late');
    expect(cancellationEffectiveAt(window, new Date(expiry.getTime() + 3_600_000), now)).toBe('too-late');
    // Expiring at London midnight: the day it starts is not offered (the cancel page sends the day's start).
    const midnight = startOfDayLondon(addDaysIso(londonDate(now), 10));
    const atMidnight = cancellationWindow(
      config,
      policy('ACTIVE', ending.policyDetail.inceptedAt, midnight),
      now,
    );
    expect(atMidnight.latestDay).toBe(addDaysIso(londonDate(now), 9));
    expect(cancellationEffectiveAt(atMidnight, startOfDayLondon(atMidnight.latestDay), now)).toMatchObject({
      immediate: false,
    });
    expect(cancellationEffectiveAt(atMidnight, midnight, now)).toBe('too-late');
  });
  it('a cancelled policy cannot be cancelled again', () => {
    const ended = {
      policyDetail: { ...policy('ACTIVE', now, now).policyDetail, policyStatus: 'CANCELLED' as const },
    };
    expect(cancellationWindow(config, ended, now).allowed).toBe(false);
  });
  it('standard: no date or a past date is immediate; up to the latest day is deferred; later is refused', () => {
    const window = { allowed: true, type: 'Standard' as const, deferralDays: 30, latestDay: '2026-07-15' };
    expect(cancellationEffectiveAt(window, null, now)).toEqual({ at: now, immediate: true });
    expect(cancellationEffectiveAt(window, '2026-06-01T00:00:00Z', now)).toEqual({
      at: now,
      immediate: true,
    });
    const last = new Date(startOfDayLondon(addDaysIso('2026-07-15', 1)).getTime() - 1);
    expect(cancellationEffectiveAt(window, last, now)).toEqual({ at: last, immediate: false });
    expect(cancellationEffectiveAt(window, startOfDayLondon('2026-07-16'), now)).toBe('too-late');
    // Cooling-off offers no date: none or a past one is now; one ahead is refused, not quietly made now.
    const coolingOff = { ...window, type: 'CoolingOff' as const };
    expect(cancellationEffectiveAt(coolingOff, null, now)).toEqual({ at: now, immediate: true });
    expect(cancellationEffectiveAt(coolingOff, '2026-06-01T00:00:00Z', now)).toEqual({
      at: now,
      immediate: true,
    });
    expect(cancellationEffectiveAt(coolingOff, last, now)).toBe('too-late');
  });
});

describe('reason', () => {
  it("a configured reason is stored as is; 'Other' needs text and is stored Other|text", () => {
    expect(storedCancellationReason(config, 'Price')).toEqual({ ok: true, value: 'Price' });
    expect(storedCancellationReason(config, 'Other', '  moving abroad ')).toEqual({
      ok: true,
      value: 'Other|moving abroad',
    });
    expect(storedCancellationReason(config, 'Other', '  ')).toEqual({ ok: false, field: 'otherText' });
    expect(storedCancellationReason(config, 'Bored')).toEqual({ ok: false, field: 'reason' });
  });
});
