import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectRenewedYears } from '../src/modules/billing/index.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type BillingApp, billingApp, payFirstByPhone, runDays, withMandate } from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

/**
 * Issue 12 (ADR 315–318): how a purchase is paid and which method collects it. The admin checkout's "Direct
 * Debit only" binds only when nothing is due today; each policy is collected by the method chosen at its own
 * checkout, and its renewal by the same; a renewed annual policy's year is charged to the card at the
 * anniversary, once.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const app = () => t as BillingApp;
const DAY = 86_400_000;
// Each test lives through a billing month or a year on the clock on a shared machine: generous limits.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

async function verified(v: Visitor, startDate: string, promo?: string, scheme?: string) {
  const { code } = await ratedProposal(
    v,
    (d) => {
      d.quote.startDate = startDate;
    },
    promo,
    scheme,
  );
  expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  return code;
}

/** The checkout page says how the policy will be collected, then staff take today's payment by phone. */
async function buy(v: Visitor, method: 'CARD' | 'BACS_DEBIT', startDate: string, scheme?: string) {
  const code = await verified(v, startDate, undefined, scheme);
  const said = await v.call('POST', '/api/customerPayments/checkout/bind', {
    proposalCode: code,
    paymentMethodType: method,
  });
  expect(said.statusCode, said.body).toBe(200);
  const { staff } = await payFirstByPhone(app(), v, code);
  const [account] = (await api(app().base, staff, 'GET', `/api/customerAccounts?proposalCode=${code}`)).body;
  const [policy] = await rows(app(), 'SELECT id, expired_at FROM policies WHERE proposal_code = $1', [code]);
  return {
    code,
    staff,
    accountId: account.accountId as string,
    type: account.paymentMethodType as string,
    policyId: String(policy?.id),
    expiredAt: new Date(policy?.expired_at as string),
  };
}

const paymentsOf = async (accountId: string) =>
  (
    await rows(
      app(),
      "SELECT sub_type, amount_pence FROM statement_line_items WHERE account_id = $1 AND type = 'payment' ORDER BY effective_at",
      [accountId],
    )
  ).map((r) => r.sub_type);

describe('admin checkout: Direct Debit only when nothing is due today (ADR 315)', () => {
  it('staff binding on a mandate while a first payment is due get 402 telling them to take the card payment', async () => {
    t = await billingApp('2027-01-10T09:00:00Z');
    const v = await visitor(t.app);
    await withMandate(t.base, '55779911')(v);
    const code = await verified(v, '2027-01-10');
    const [owner] = await rows(t, 'SELECT party_id FROM proposals WHERE proposal_code = $1', [code]);
    const staff = `staff:${owner?.party_id}`;
    const due = (
      await api(t.base, staff, 'POST', '/api/customerPayments/checkout/bind', {
        proposalCode: code,
        paymentMethodType: 'BACS_DEBIT',
      })
    ).body;
    expect(due.amount).toBeGreaterThan(0);
    const refused = await api(t.base, staff, 'POST', `/api/proposals/${code}/bind`);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(
      /^A first payment of £\d+\.\d\d is due today: take it by card before the policy is activated\.$/,
    );
    expect(await rows(t, 'SELECT id FROM policies WHERE proposal_code = $1', [code])).toEqual([]);
  });

  it('with nothing due (free months), Direct Debit only binds on the mandate', async () => {
    t = await billingApp('2027-01-10T09:00:00Z');
    const v = await visitor(t.app);
    await withMandate(t.base, '55779911')(v);
    const code = await verified(v, '2027-01-10', 'HC3M');
    const [owner] = await rows(t, 'SELECT party_id FROM proposals WHERE proposal_code = $1', [code]);
    const staff = `staff:${owner?.party_id}`;
    const due = await api(t.base, staff, 'POST', '/api/customerPayments/checkout/bind', {
      proposalCode: code,
      paymentMethodType: 'BACS_DEBIT',
    });
    expect(due.body.amount).toBe(0);
    const bound = await api(t.base, staff, 'POST', `/api/proposals/${code}/bind`);
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const [account] = (await api(t.base, staff, 'GET', `/api/customerAccounts?proposalCode=${code}`)).body;
    expect(account.paymentMethodType).toBe('BACS_DEBIT');
  });

  it('the method said with the payment is checked: anything else is 400', async () => {
    t = await billingApp('2027-01-10T09:00:00Z');
    const v = await visitor(t.app);
    const code = await verified(v, '2027-01-10');
    for (const paymentMethodType of ['CHEQUE', 7, 'CARD\u0000', '']) {
      const res = await v.call('POST', '/api/customerPayments/checkout/bind', {
        proposalCode: code,
        paymentMethodType,
      } as never);
      expect(res.statusCode, String(paymentMethodType)).toBe(400);
    }
    expect(await rows(t, 'SELECT * FROM purchase_methods WHERE proposal_code = $1', [code])).toEqual([]);
  });
});

describe('each policy is collected by its own method (ADR 316, 317)', () => {
  it('card, then Direct Debit, then card again: a billing month collects each by the method of its checkout; a renewal keeps it', async () => {
    t = await billingApp('2027-01-10T09:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const v = await visitor(t.app);
    const older = await buy(v, 'CARD', '2027-01-10');
    await withMandate(t.base, '55779911')(v);
    const dd = await buy(v, 'BACS_DEBIT', '2027-01-10');
    // The newest mandate is not the newest choice: this card policy stays on the card.
    const newer = await buy(v, 'CARD', '2027-01-10');
    expect([older.type, dd.type, newer.type]).toEqual(['CARD', 'BACS_DEBIT', 'CARD']);

    const { totals } = await runDays(t, '2027-01-11', '2027-02-20');
    expect(totals).toMatchObject({ raised: 3, failed: 0 });
    expect(await paymentsOf(older.accountId)).toEqual(['STRIPE', 'STRIPE']);
    expect(await paymentsOf(dd.accountId)).toEqual(['STRIPE', 'GOCARDLESS']);
    expect(await paymentsOf(newer.accountId)).toEqual(['STRIPE', 'STRIPE']);

    // The card policy's anniversary: its renewal is collected by the same card, not by the newer mandate.
    t.at.set(new Date(newer.expiredAt.getTime() - 20 * DAY).toISOString());
    const invited = await runRenewalInvitations(t.app.services, t.at.now());
    expect(invited.find((r) => r.policyId === newer.policyId)?.outcome).toBe('INVITED');
    t.at.set(newer.expiredAt.toISOString());
    const renewed = await runAnniversaries(t.app.services, t.at.now());
    const successor = renewed.find((r) => r.policyId === newer.policyId)?.successorPolicyId;
    expect(successor).toBeDefined();
    const [before] = await rows(t, 'SELECT payment_method_id FROM customer_accounts WHERE policy_id = $1', [
      newer.policyId,
    ]);
    const [after] = await rows(
      t,
      'SELECT payment_method_type, payment_method_id FROM customer_accounts WHERE policy_id = $1',
      [successor],
    );
    expect(after).toEqual({ payment_method_type: 'CARD', payment_method_id: before?.payment_method_id });
  });
});

describe('a renewed annual policy: its year collected at the anniversary (ADR 318)', () => {
  async function renewedAnnual(token: string) {
    t = await billingApp('2027-01-10T09:00:00Z', { env: { BRAND: 'motorhub' } });
    const v = await visitor(t.app);
    const code = await verified(v, '2027-01-10', undefined, 'MHANNUAL1');
    const { staff } = await payFirstByPhone(t, v, code, token);
    const [policy] = await rows(t, 'SELECT id, expired_at FROM policies WHERE proposal_code = $1', [code]);
    const expiredAt = new Date(policy?.expired_at as string);
    t.at.set(new Date(expiredAt.getTime() - 20 * DAY).toISOString());
    await runRenewalInvitations(t.app.services, t.at.now());
    t.at.set(expiredAt.toISOString());
    const renewed = await runAnniversaries(t.app.services, t.at.now());
    const successorId = renewed.find((r) => r.policyId === policy?.id)?.successorPolicyId;
    expect(successorId, JSON.stringify(renewed)).toBeDefined();
    const [account] = await rows(t, 'SELECT id FROM customer_accounts WHERE policy_id = $1', [successorId]);
    return { staff, accountId: String(account?.id), at: t.at.now() };
  }

  const ledger = async (accountId: string) =>
    rows(
      app(),
      'SELECT type, amount_pence, sub_type FROM statement_line_items WHERE account_id = $1 ORDER BY effective_at, type',
      [accountId],
    );

  it('the saved card is charged once for the new year, however often the job runs: one invoice, one payment, balance 0', async () => {
    const r = await renewedAnnual('tok_visa');
    const runs = await Promise.all([
      collectRenewedYears(app().app.services, r.at),
      collectRenewedYears(app().app.services, r.at),
    ]);
    expect(runs.reduce((n, x) => n + x.collected, 0)).toBe(1);
    expect(await collectRenewedYears(app().app.services, new Date(r.at.getTime() + 3_600_000))).toEqual({
      collected: 0,
      failed: 0,
    });
    const lines = await ledger(r.accountId);
    expect(lines.map((l) => l.type)).toEqual(['invoice', 'payment']);
    expect(lines[1]).toMatchObject({ amount_pence: -Number(lines[0]?.amount_pence), sub_type: 'STRIPE' });
    expect(Number(lines[0]?.amount_pence)).toBeGreaterThan(0);
    const [account] = (await api(app().base, r.staff, 'GET', '/api/customerAccounts')).body.filter(
      (a: { accountId: string }) => a.accountId === r.accountId,
    );
    expect(account).toMatchObject({ accountBalance: 0, outstandingAmount: 0 });
    const charges = await rows(
      app(),
      `SELECT count(*)::int AS n FROM sandbox_card_charges c JOIN customer_payments p
          ON c.idempotency_key LIKE p.id::text || ':%'
        JOIN statements s ON p.reference = s.id::text WHERE s.account_id = $1`,
      [r.accountId],
    );
    expect(charges[0]?.n).toBe(1);
  });

  it('a card that fails off-session puts the year into arrears: statement failed, retry booked, customer told', async () => {
    const r = await renewedAnnual('tok_laterInsufficientFunds');
    expect(await collectRenewedYears(app().app.services, r.at)).toEqual({ collected: 0, failed: 1 });
    const [statement] = await rows(
      app(),
      "SELECT status, next_collection_at FROM statements WHERE account_id = $1 AND kind = 'inception'",
      [r.accountId],
    );
    expect(statement?.status).toBe('failed');
    expect(new Date(statement?.next_collection_at as string).getTime()).toBe(r.at.getTime() + 3 * DAY);
    const mails = await rows(
      app(),
      "SELECT payload->>'kind' AS kind FROM outbox WHERE payload->>'accountId' = $1",
      [r.accountId],
    );
    expect(mails.map((m) => m.kind)).toContain('payment-failed');
    const [account] = (await api(app().base, r.staff, 'GET', '/api/customerAccounts')).body.filter(
      (a: { accountId: string }) => a.accountId === r.accountId,
    );
    expect(account.outstandingAmount).toBeGreaterThan(0);
  });
});
