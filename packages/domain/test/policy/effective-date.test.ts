import { describe, expect, it } from 'vitest';
import {
  customerEffectiveDateError,
  customerEffectiveDays,
  effectiveAtOfChoice,
  effectiveDateError,
  lastChangeAtOf,
} from '../../src/policy/effective-date.ts';

const now = new Date('2026-11-23T12:00:00Z');
const policy = { inceptedAt: '2026-11-03T09:30:00Z', expiredAt: '2026-12-10T00:00:00Z' };

describe('staff effective date (spec 3 §5)', () => {
  it('accepts the inception, now and a date before the limits', () => {
    expect(effectiveDateError(policy, new Date(policy.inceptedAt), now)).toBeNull();
    expect(effectiveDateError(policy, now, now)).toBeNull();
    expect(effectiveDateError(policy, new Date('2026-12-09T00:00:00Z'), now)).toBeNull();
  });
  it('refuses each wrong date with its own message naming the dates', () => {
    expect(effectiveDateError(policy, new Date('2026-11-02T23:00:00Z'), now)).toEqual({
      key: 'validation.beforeInception',
      message: 'The date must be on or after the inception date, 2026-11-03.',
    });
    expect(effectiveDateError(policy, new Date('2026-12-10T00:00:00Z'), now)?.key).toBe(
      'validation.afterExpiry',
    );
    const far = { ...policy, expiredAt: '2027-11-03T00:00:00Z' };
    expect(effectiveDateError(far, new Date('2026-12-23T00:00:00Z'), now)).toEqual({
      key: 'validation.tooFarAhead',
      message: 'The date must be before 2026-12-23, 30 days from today.',
    });
    expect(effectiveDateError(policy, new Date('nonsense'), now)?.key).toBe('validation.invalidDate');
  });
  it('choices: immediately is now, backdate is the inception, other date is 00:00 London that day', () => {
    expect(effectiveAtOfChoice('immediately', policy, now)).toEqual(now);
    expect(effectiveAtOfChoice('backdate-to-inception', policy, now).toISOString()).toBe(
      '2026-11-03T09:30:00.000Z',
    );
    expect(effectiveAtOfChoice('other-date', policy, now, '2026-11-30').toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });
});

describe('never before the latest change (ADR 398)', () => {
  // Bought on 3 November; a change waiting for 30 November (00:00 London).
  const versions = [
    { versionNumber: 1, startedAt: '2026-11-03T09:30:00.000Z' },
    { versionNumber: 2, startedAt: '2026-11-30T00:00:00.000Z' },
  ];
  const changed = { ...policy, lastChangeAt: lastChangeAtOf(versions) };
  it("the latest change is the latest version's start (by number), whatever the others' starts", () => {
    expect(lastChangeAtOf(versions)).toBe('2026-11-30T00:00:00.000Z');
    // A start-date change moved cover from 20 to 5 November: version 2 starts earlier than version 1.
    const moved = [
      { versionNumber: 1, startedAt: '2026-11-20T00:00:00.000Z' },
      { versionNumber: 2, startedAt: '2026-11-05T00:00:00.000Z' },
    ];
    expect(lastChangeAtOf(moved)).toBe('2026-11-05T00:00:00.000Z');
    expect(lastChangeAtOf([])).toBeNull();
    expect(lastChangeAtOf(undefined)).toBeNull();
  });
  it('staff: before it is refused, naming when it takes effect; from it on is allowed', () => {
    const refused = {
      key: 'validation.beforeLastChange',
      message:
        'This policy already has a change from 00:00 on 30 November 2026: this change must take effect from then or later.',
    };
    expect(effectiveDateError(changed, new Date(policy.inceptedAt), now)).toEqual(refused);
    expect(effectiveDateError(changed, now, now)).toEqual(refused);
    expect(effectiveDateError(changed, new Date('2026-11-30T00:00:00Z'), now)).toBeNull();
    // The cover's own limits come first.
    expect(effectiveDateError(changed, new Date('2026-11-01T00:00:00Z'), now)?.key).toBe(
      'validation.beforeInception',
    );
  });
  it('customers: today means now, so a change made earlier today does not refuse today', () => {
    const today = { ...policy, lastChangeAt: '2026-11-23T10:00:00.000Z' };
    expect(customerEffectiveDateError(today, new Date('2026-11-23T00:00:00Z'), now)).toBeNull();
    expect(customerEffectiveDateError(changed, new Date('2026-11-23T00:00:00Z'), now)?.key).toBe(
      'validation.beforeLastChange',
    );
    expect(customerEffectiveDateError(changed, new Date('2026-11-30T00:00:00Z'), now)).toBeNull();
  });
  it("the first day a customer may choose is the latest change's day", () => {
    expect(customerEffectiveDays(changed, now)).toEqual({ first: '2026-11-30', last: '2026-12-09' });
    expect(customerEffectiveDays(policy, now).first).toBe('2026-11-23');
  });
});
