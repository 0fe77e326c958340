import { periodDays } from '@forecourt/domain/policy/cancellation';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingDay } from '../src/modules/billing/index.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { customerWithPaidPolicy, ledgerLines } from './adjustments-helpers.ts';
import { payOnHostedPage } from './billing-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

/** The second brand sells the three product kinds (ADR 245): monthly, annual, and 1/7/28-day driveaway. */
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp({ env: { BRAND: 'motorhub' } });
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const totalOf = (quote: Parameters<typeof priceBreakdown>[0]) => priceBreakdown(quote)!.total;

describe('quotes of each kind, from the same rating engine', () => {
  it('the same risk: monthly, annual in full, and driveaway scaled to its days (ADR 246)', async () => {
    const v = await visitor(t.app);
    const quoteOf = async (scheme: string) => (await ratedProposal(v, undefined, undefined, scheme)).body;
    const monthly = await quoteOf('MHMOTOR1');
    const annual = await quoteOf('MHANNUAL1');
    const week = await quoteOf('MHDRIVE7');
    const day = await quoteOf('MHDRIVE1');
    const month = await quoteOf('MHDRIVE28');
    expect([monthly, annual, week].map((p) => [p.status, p.product, p.policyTerm, p.monthlyBilling])).toEqual(
      [
        ['QUOTE', 'SUBSCRIPTION', 'P1M', true],
        ['QUOTE', 'ANNUAL', 'P1Y', false],
        ['QUOTE', 'DRIVEAWAY', 'P7D', false],
      ],
    );
    expect([day.policyTerm, month.policyTerm]).toEqual(['P1D', 'P28D']);
    // Annual: the year's price paid at once, no instalments; the same year as the subscription's twelve.
    expect(annual.quote.totals.monthly).toBeNull();
    expect(totalOf(annual.quote)).toBe(totalOf(monthly.quote));
    expect(priceBreakdown(annual.quote)!.dueToday).toBe(totalOf(annual.quote));
    // Driveaway: the year's net × days ÷ 365 × 3, at least £10 net, 12% IPT on it; no optional covers.
    const yearNet = priceBreakdown(annual.quote)!.net;
    const net = (days: number) => Math.max(1000, Math.floor((yearNet * days * 3 * 2 + 365) / 730));
    expect([day, week, month].map((p) => priceBreakdown(p.quote)!.net)).toEqual([net(1), net(7), net(28)]);
    const w = priceBreakdown(week.quote)!;
    expect(w.ipt).toBe(Math.floor((w.net * 12 + 50) / 100));
    expect(w.dueToday).toBe(w.total);
    expect(week.quote.trace.at(-1)).toMatchObject({ factor: 'shortTerm', input: 7 });
    expect(week.quote.optionalCovers.every((c: { available: boolean }) => !c.available)).toBe(true);
    // The quote prices the term: a week from the start.
    expect(new Date(week.endAt).getTime() - new Date(week.startAt).getTime()).toBeGreaterThanOrEqual(
      7 * DAY - 3_600_000,
    );
  });

  it('a promotion gives no free months on a driveaway', async () => {
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v, undefined, 'HC3M', 'MHDRIVE7');
    expect(body.quote.promotion).toMatchObject({ applied: false, reasons: ['PROMO_NOT_FOR_PRODUCT'] });
    expect(priceBreakdown(body.quote)!.freeMonths).toBe(0);
  });
});

describe('bought and billed', () => {
  it('annual: the year paid by card at bind, settled in the ledger, no billing-run statements', async () => {
    const c = await customerWithPaidPolicy(t, 'annual.buyer@example.com', true, 'MHANNUAL1');
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(c.paid).toBe(totalOf(policy.currentPolicyVersion.quote));
    expect(policy.policyDetail).toMatchObject({ policyStatus: 'ACTIVE', autoRenewalEnabled: true });
    const year =
      new Date(policy.policyDetail.expiredAt).getTime() - new Date(policy.policyDetail.inceptedAt).getTime();
    expect(year).toBeGreaterThanOrEqual(365 * DAY - 3_600_000);
    const accounts = (await c.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)).json();
    expect(accounts).toEqual([expect.objectContaining({ accountBalance: 0, outstandingAmount: 0 })]);
    expect(await ledgerLines(t, c.policyId)).toEqual([
      expect.objectContaining({ type: 'invoice', status: 'POSTED', amount_pence: c.paid, kind: 'inception' }),
      expect.objectContaining({
        type: 'payment',
        status: 'POSTED',
        amount_pence: -c.paid,
        kind: 'inception',
      }),
    ]);
    const statements = (
      await c.call('GET', `/api/customerAccounts/${accounts[0].accountId}/statements`)
    ).json();
    expect(statements.items ?? statements).toHaveLength(1);
    // Two months of billing days later: nothing raised or collected for the annual policy.
    for (const days of [31, 32, 62]) await runBillingDay(t.app.services, new Date(Date.now() + days * DAY));
    expect(await ledgerLines(t, c.policyId)).toHaveLength(2);
    const [{ n } = { n: 0 }] = await rows(
      t,
      'SELECT count(*)::int AS n FROM statements WHERE account_id = $1',
      [accounts[0].accountId],
    );
    expect(n).toBe(1);
  });

  it('annual: the schedule and the confirmation e-mail name the kind and the term', async () => {
    const c = await customerWithPaidPolicy(t, 'annual.docs@example.com', true, 'MHANNUAL1');
    const [v] = await rows(
      t,
      "SELECT document_input->'cover' AS cover FROM policy_versions WHERE policy_id = $1",
      [c.policyId],
    );
    expect(v?.cover).toMatchObject({ product: 'ANNUAL', term: 'P1Y', billing: 'annual' });
    const [mail] = await rows(t, "SELECT body FROM outbox WHERE channel = 'email' AND subject LIKE $1", [
      `%${c.policyNumber}`,
    ]);
    expect(mail?.body).toContain('Paid in one payment of');
    const pdf = await c.call('GET', `/api/documents/policy/${c.policyId}/policy-schedule`);
    expect(pdf.statusCode).toBe(200);
  });

  it('annual: a cancellation refunds the unused days of the year to the card', async () => {
    const c = await customerWithPaidPolicy(t, 'annual.cancel@example.com', true, 'MHANNUAL1');
    const options = (await c.call('GET', `/api/policies/${c.policyId}/cancellation`)).json();
    expect(options.allowed).toBe(true);
    // Cancelled on the first day: all but that day of the year's price comes back.
    const [inv] = await rows(
      t,
      `SELECT service_period_start AS s, service_period_end AS e FROM statement_line_items
        WHERE type = 'invoice' AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)`,
      [c.policyId],
    );
    const yearDays = periodDays({ start: inv?.s as Date, end: inv?.e as Date });
    expect(yearDays).toBeGreaterThanOrEqual(365);
    expect(options.refundIfNowPence).toBe(c.paid - Math.floor(c.paid / yearDays));
  });

  it('annual: a mid-term change owed is paid by card before it is made (ADR 300); one worth less is refunded to the card', async () => {
    const c = await customerWithPaidPolicy(t, 'annual.change@example.com', true, 'MHANNUAL1');
    const make = async (changeType: string) => {
      const made = await c.call('POST', '/api/policyAdjustments', {
        adjustmentType: 'MTA',
        policyId: c.policyId,
        changes: [{ changeType, coverCode: 'legal_expenses' }],
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json() as { adjustmentId: string; prorataPremium: number; paymentDue: number };
    };
    const change = async (changeType: string) => {
      const made = await make(changeType);
      const done = await c.call('POST', `/api/policyAdjustments/${made.adjustmentId}/commit`);
      expect(done.statusCode, done.body).toBe(200);
      return made.prorataPremium;
    };
    const dearer = await make('ADD_COVER');
    const added = dearer.prorataPremium;
    expect(added).toBeGreaterThan(0);
    expect(dearer.paymentDue).toBe(added);
    // The customer's confirm takes the card payment first (the hosted page; the webhook makes the change).
    const due = await c.call('POST', '/api/customerPayments/checkout/mta', {
      adjustmentId: dearer.adjustmentId,
    });
    expect(due.statusCode, due.body).toBe(200);
    const page = await c.call('POST', '/api/stripe/checkout', {
      paymentId: due.json().paymentId,
      successUrl: 'http://localhost:80/',
      cancelUrl: 'http://localhost:80/',
      lineItem: { name: 'Policy change' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const url = new URL(page.json().url as string);
    await payOnHostedPage(`${t.base}${url.pathname}${url.search}`);
    const made = (await c.call('GET', `/api/policyAdjustments/${dearer.adjustmentId}`)).json();
    expect(made.confirmed).toBe(true);
    expect((await ledgerLines(t, c.policyId)).slice(2)).toEqual([
      expect.objectContaining({
        type: 'invoice',
        amount_pence: added,
        sub_type: 'MTA',
        kind: 'policy_change',
      }),
      expect.objectContaining({ type: 'payment', amount_pence: -added, kind: 'policy_change' }),
    ]);
    const settled = (await c.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)).json();
    expect(settled[0]).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });

    const removed = await change('REMOVE_COVER');
    expect(removed).toBe(-added);
    const lines = await ledgerLines(t, c.policyId);
    expect(lines.slice(-2)).toEqual([
      expect.objectContaining({ type: 'credit_note', amount_pence: removed, sub_type: 'MTA' }),
      expect.objectContaining({ type: 'refund', status: 'POSTED', amount_pence: added, sub_type: 'STRIPE' }),
    ]);
    const after = (await c.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)).json();
    expect(after[0]).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });

  it('driveaway: 7 days paid in full, no renewal, ends by itself at expiry (LAPSED)', async () => {
    const c = await customerWithPaidPolicy(t, 'drive.away@example.com', true, 'MHDRIVE7');
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(c.paid).toBe(totalOf(policy.currentPolicyVersion.quote));
    expect(policy).toMatchObject({ reviewType: 'NEVER' });
    expect(policy.policyDetail).toMatchObject({ policyStatus: 'ACTIVE', autoRenewalEnabled: false });
    const expiredAt = new Date(policy.policyDetail.expiredAt);
    const term = expiredAt.getTime() - new Date(policy.policyDetail.inceptedAt).getTime();
    expect(Math.abs(term - 7 * DAY)).toBeLessThanOrEqual(3_600_000);
    expect(await ledgerLines(t, c.policyId)).toEqual([
      expect.objectContaining({ type: 'invoice', amount_pence: c.paid }),
      expect.objectContaining({ type: 'payment', amount_pence: -c.paid }),
    ]);
    const [v] = await rows(
      t,
      "SELECT document_input->'cover' AS cover FROM policy_versions WHERE policy_id = $1",
      [c.policyId],
    );
    expect(v?.cover).toMatchObject({ product: 'DRIVEAWAY', term: 'P7D' });

    // The invitation window never picks it; the billing run raises nothing; at expiry it ends.
    const invited = await runRenewalInvitations(t.app.services, new Date(expiredAt.getTime() - DAY));
    expect(invited.filter((r) => r.policyId === c.policyId)).toEqual([]);
    await runBillingDay(t.app.services, new Date(expiredAt.getTime() + DAY));
    expect(await ledgerLines(t, c.policyId)).toHaveLength(2);
    const before = await runAnniversaries(t.app.services, new Date(expiredAt.getTime() - 60_000));
    expect(before.filter((r) => r.policyId === c.policyId)).toEqual([]);
    const ended = await runAnniversaries(t.app.services, expiredAt);
    expect(ended.filter((r) => r.policyId === c.policyId)).toEqual([
      { policyId: c.policyId, outcome: 'LAPSED' },
    ]);
    const after = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(after.policyDetail.policyStatus).toBe('LAPSED');
    const [mail] = await rows(
      t,
      "SELECT subject FROM outbox WHERE payload->>'type' = 'renewal.lapsed' AND payload->>'policyNumber' = $1",
      [c.policyNumber],
    );
    expect(mail?.subject).toBe(`Your policy ${c.policyNumber} has ended`);
  });
});
