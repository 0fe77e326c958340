import { describe, expect, it } from 'vitest';
import { londonMidnightOf } from '../../src/calendar/london.ts';
import { policyExpiry, quotedPeriodEnd } from '../../src/policy/term.ts';

/** ADR 342: a policy's term is counted on the London calendar, whatever the server's own time zone. */
describe('policy term on the London calendar', () => {
  it('a month of a subscription ends at London midnight across the spring clock change', () => {
    expect(quotedPeriodEnd('SUBSCRIPTION', londonMidnightOf('2027-03-15'))).toEqual(
      londonMidnightOf('2027-04-15'),
    );
    expect(quotedPeriodEnd('SUBSCRIPTION', londonMidnightOf('2026-10-15'))).toEqual(
      londonMidnightOf('2026-11-15'),
    );
  });

  it('a month from the 31st (BST) ends on the last day of the next month, at London midnight', () => {
    expect(quotedPeriodEnd('SUBSCRIPTION', londonMidnightOf('2027-05-31'))).toEqual(
      londonMidnightOf('2027-06-30'),
    );
  });

  it('a year from 29 February ends on 28 February; an annual policy from London midnight at London midnight', () => {
    expect(policyExpiry('ANNUAL', londonMidnightOf('2028-02-29'))).toEqual(londonMidnightOf('2029-02-28'));
    expect(policyExpiry('SUBSCRIPTION', londonMidnightOf('2026-07-01'))).toEqual(
      londonMidnightOf('2027-07-01'),
    );
  });

  it("a driveaway's days at the same London wall-clock time across a clock change", () => {
    // 09:30 BST on Fri 23 Oct 2026 + 7 days = 09:30 GMT on Fri 30 Oct.
    expect(policyExpiry('DRIVEAWAY', new Date('2026-10-23T08:30:00Z'), 'P7D')).toEqual(
      new Date('2026-10-30T09:30:00Z'),
    );
    expect(policyExpiry('DRIVEAWAY', londonMidnightOf('2027-03-27'), 'P1D')).toEqual(
      londonMidnightOf('2027-03-28'),
    );
  });
});
