import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type BillingApp, billingApp, buySubscription, runDays } from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Issue 28 defect 10 (ADR 355): a monthly policy lived through its year and lapsed at its anniversary lists
 * every statement of the year; the list is in the order of the date each statement was raised (the date the
 * billing tab shows), newest first, and every statement carries what it billed, paid or not.
 */
let t: BillingApp;
type Summary = {
  statementNumber: number;
  createdAt: string;
  status: string;
  amount: number;
  paymentDueAt: string | null;
};
const list = async (token: string, accountId: string) => {
  const res = await api(t.base, token, 'GET', `/api/customerAccounts/${accountId}/statements`);
  expect(res.status).toBe(200);
  return res.body as Summary[];
};
const newestFirst = (s: Summary[]) =>
  s.every((x, i) => i === 0 || Date.parse(s[i - 1]!.createdAt) >= Date.parse(x.createdAt));

beforeAll(async () => {
  t = await billingApp('2027-01-10T09:00:00Z');
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/customerAccounts/{id}/statements', () => {
  it('a lapsed monthly policy lists the twelve statements of its year, newest first, each with its amount', async () => {
    const sub = await buySubscription(t, '2027-01-10');
    const [policy] = await rows(t, 'SELECT policy_number, expired_at FROM policies WHERE id = $1', [
      sub.policyId,
    ]);
    const out = await api(t.base, sub.v.token, 'PUT', `/api/policies/${sub.policyId}/autoRenewal`, {
      enabled: false,
      reason: 'Price',
    });
    expect(out.status).toBe(200);
    await runDays(t, '2027-01-11', '2027-12-09');
    t.at.set('2027-12-10T06:00:00Z');
    await runRenewalInvitations(t.app.services, t.at.now());
    await runDays(t, '2027-12-10', '2028-01-09');
    const expiry = new Date(String(policy?.expired_at));
    t.at.set(new Date(expiry.getTime() + 3_600_000).toISOString());
    await runAnniversaries(t.app.services, t.at.now());
    await runDays(t, '2028-01-11', '2028-01-12');

    const detail = await api(t.base, sub.staff, 'GET', `/api/policies/${sub.policyId}`);
    expect(detail.body.policyDetail.policyStatus).toBe('LAPSED');
    // Staff acting for the customer (the visitor's session has long expired). The billing tab finds the account by the policy number, as the web does.
    const accounts = await api(
      t.base,
      sub.staff,
      'GET',
      `/api/customerAccounts?policyNumber=${policy?.policy_number}`,
    );
    expect(accounts.body).toHaveLength(1);
    const statements = await list(sub.staff, accounts.body[0].accountId);
    expect(statements.map((s) => s.statementNumber)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(statements.every((s) => s.status === 'settled')).toBe(true);
    expect(newestFirst(statements)).toBe(true);
    // What each billed, though each is paid: the first month at checkout, then the regular price.
    expect(statements.at(-1)!.amount).toBe(sub.first);
    expect(statements.slice(0, -1).every((s) => s.amount === sub.regular)).toBe(true);
  }, 120_000);

  it('a policy bought a week before its start: its first statement is dated the day it was bought (paid at checkout), listed below the next month’s', async () => {
    t.at.set('2028-02-01T10:00:00Z');
    const sub = await buySubscription(t, '2028-02-08');
    await runDays(t, '2028-02-02', '2028-03-09');
    const statements = await list(sub.staff, sub.accountId);
    expect(statements.map((s) => s.statementNumber)).toEqual([2, 1]);
    const first = statements[1]!;
    expect(first.createdAt.slice(0, 10)).toBe('2028-02-01');
    expect(first.paymentDueAt?.slice(0, 10)).toBe('2028-02-08');
    expect(first.amount).toBe(sub.first);
    expect(newestFirst(statements)).toBe(true);
  }, 60_000);
});
