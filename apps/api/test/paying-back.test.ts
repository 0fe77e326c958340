import { describe, expect, it } from 'vitest';
import { payingBackFrom } from '../src/modules/billing/standing-facts.ts';

/**
 * ADR 405: what a customer is told they are owed back, from an account's ledger (pence: a credit is a negative
 * balance, a refund line positive, a refund reversal negative). The days are counted by hand on the London
 * calendar (weekends, Christmas and New Year's bank holidays), not by the calendar module the code uses.
 */
const at = (iso: string) => new Date(iso);
const refund = (o: { amount: number; on: string; status?: string; subType?: string }) => ({
  type: 'refund',
  amount: o.amount,
  effectiveAt: at(o.on),
  status: o.status ?? 'POSTED',
  subType: o.subType ?? 'STRIPE',
});
const reversal = (amount: number, on: string, subType = 'GOCARDLESS') => ({
  type: 'refund_reversal',
  amount: -amount,
  effectiveAt: at(on),
  status: 'POSTED',
  subType,
});

describe('money owed back (ADR 405)', () => {
  it('a refund paid to the card is on its way until the tenth working day after it was asked, then nothing is said', () => {
    // Asked Friday 18 December 2026: Christmas Day, Boxing Day (Monday 28th in lieu) and New Year's Day are not
    // working days, so the tenth is Wednesday 6 January 2027.
    const lines = [refund({ amount: 4911, on: '2026-12-18T10:00:00Z' })];
    const on = (now: string) =>
      payingBackFrom({ live: false, statementToCome: false, balance: 0, failedBy: [], lines, now: at(now) });
    expect(on('2026-12-18T11:00:00Z')).toEqual({
      amount: 4911,
      state: 'onItsWay',
      method: 'CARD',
      reachesBy: at('2027-01-06T00:00:00Z'),
    });
    expect(on('2027-01-06T23:30:00Z')?.state).toBe('onItsWay');
    expect(on('2027-01-07T00:30:00Z')).toBeNull();
  });

  it('a refund still being paid out is never more than the credit held: after a charge back, only what is left (ADR 386)', () => {
    const pending = [
      refund({ amount: 5000, on: '2027-03-01T10:00:00Z', status: 'PENDING', subType: 'GOCARDLESS' }),
    ];
    const now = at('2027-03-02T10:00:00Z');
    // The credit held went down to £20: that is all that will be paid.
    expect(
      payingBackFrom({
        live: true,
        statementToCome: true,
        balance: -2000,
        failedBy: [],
        lines: pending,
        now,
      }),
    ).toMatchObject({
      amount: 2000,
      state: 'onItsWay',
      method: 'BACS_DEBIT',
    });
    // Owed, not in credit, after the charge back: nothing is coming back.
    expect(
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: 1000,
        failedBy: [],
        lines: pending,
        now,
      }),
    ).toBeNull();
  });

  it('a refund paid out that came back is not on its way: held, with a call asked for, once no statement will take it', () => {
    const lines = [
      refund({ amount: 5000, on: '2027-03-01T10:00:00Z', subType: 'GOCARDLESS' }),
      reversal(5000, '2027-03-05T10:00:00Z'),
    ];
    const now = at('2027-03-06T10:00:00Z');
    expect(
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: -5000,
        failedBy: ['GOCARDLESS'],
        lines,
        now,
      }),
    ).toEqual({
      amount: 5000,
      state: 'held',
      method: 'BACS_DEBIT',
      reachesBy: null,
    });
    // A live policy's credit goes to its next statement: nothing is said, and not that it is on its way.
    expect(
      payingBackFrom({
        live: true,
        statementToCome: true,
        balance: -5000,
        failedBy: ['GOCARDLESS'],
        lines,
        now,
      }),
    ).toBeNull();
    // A live policy with no statement to come (paid in full, ADR 406): nothing would take the credit, so it is held.
    expect(
      payingBackFrom({
        live: true,
        statementToCome: false,
        balance: -5000,
        failedBy: ['GOCARDLESS'],
        lines,
        now,
      }),
    ).toMatchObject({ amount: 5000, state: 'held', method: 'BACS_DEBIT' });
    // The same with no refund failed: its credit is not told (a change's refund is made at the change).
    expect(
      payingBackFrom({ live: true, statementToCome: false, balance: -5000, failedBy: [], lines: [], now }),
    ).toBeNull();
    // Part of it came back: only the rest is on its way.
    const part = [lines[0] as (typeof lines)[number], reversal(1500, '2027-03-05T10:00:00Z')];
    expect(
      payingBackFrom({
        live: true,
        statementToCome: true,
        balance: -1500,
        failedBy: ['GOCARDLESS'],
        lines: part,
        now,
      }),
    ).toMatchObject({
      amount: 3500,
      state: 'onItsWay',
    });
  });

  it('a refund still being paid out past its tenth working day promises no date', () => {
    // Asked Monday 1 March 2027; the tenth working day after it is Monday 15 March.
    const lines = [refund({ amount: 700, on: '2027-03-01T10:00:00Z', status: 'PENDING' })];
    const on = (now: string) =>
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: -700,
        failedBy: [],
        lines,
        now: at(now),
      });
    expect(on('2027-03-15T10:00:00Z')?.reachesBy).toEqual(at('2027-03-15T00:00:00Z'));
    expect(on('2027-03-16T10:00:00Z')).toEqual({
      amount: 700,
      state: 'onItsWay',
      method: 'CARD',
      reachesBy: null,
    });
  });

  it('an ended policy’s credit beyond what is being paid out: to pay back the way they paid, by the hourly job', () => {
    const lines = [refund({ amount: 300, on: '2027-03-01T10:00:00Z', status: 'PENDING' })];
    expect(
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: -1000,
        failedBy: [],
        lines,
        now: at('2027-03-02T10:00:00Z'),
      }),
    ).toEqual({ amount: 700, state: 'toPayBack', method: null, reachesBy: null });
  });

  it('refunds that went both ways name no one way', () => {
    const lines = [
      refund({ amount: 300, on: '2027-03-01T10:00:00Z' }),
      refund({ amount: 200, on: '2027-03-01T10:00:00Z', subType: 'GOCARDLESS' }),
    ];
    expect(
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: 0,
        failedBy: [],
        lines,
        now: at('2027-03-02T10:00:00Z'),
      }),
    ).toMatchObject({ amount: 500, method: null, reachesBy: at('2027-03-15T00:00:00Z') });
  });

  it('nothing owed back: nothing said', () => {
    expect(
      payingBackFrom({
        live: true,
        statementToCome: true,
        balance: -500,
        failedBy: [],
        lines: [],
        now: at('2027-03-02T10:00:00Z'),
      }),
    ).toBeNull();
    expect(
      payingBackFrom({
        live: false,
        statementToCome: false,
        balance: 0,
        failedBy: [],
        lines: [],
        now: at('2027-03-02T10:00:00Z'),
      }),
    ).toBeNull();
  });
});
