import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  disputeStatementPayment,
  openSettlePage,
  owedOnStatements,
  payOnHostedPage,
  runDays,
  useCardFromBillingTab,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * ADR 400: money owed on a policy's year holds its automatic renewal back. Three monthly policies bought on
 * 10 January 2027, all opted in to auto-renewal, live to their anniversary on 10 January 2028:
 * - `failing`: its card fails from 9 December; the billing job is down from 10 December to 1 January, so its
 *   last statement is raised late and fails on 2, 5 and 9 January: the notice a last failure gives would run
 *   past the anniversary;
 * - `disputed`: its twelfth payment (raised late, paid on 2 January) is disputed on 5 January, and the customer pays it again on 7 January;
 * - `renewing`: nothing owed;
 * - `reviewed`: its renewal waits for staff (MANUAL review), and its twelfth payment is disputed too;
 * - `early`: its November payment is disputed the day before the invitations, and never paid again.
 * Before: all three renewed, `failing` with its January unpaid (and nothing left to collect it: the retries ran on
 * a policy that had ended, and the renewed year was billed as if nothing were owed).
 */
let t: BillingApp;
type Sub = Awaited<ReturnType<typeof buySubscription>>;
let failing: Sub;
let disputed: Sub;
let renewing: Sub;
let reviewed: Sub;
let early: Sub;
let outcomes: [string, string][] = [];

const notices = (sub: Sub, kind: string) =>
  rows(
    t,
    "SELECT body, payload->>'attempt' AS attempt FROM outbox WHERE payload->>'kind' = $1 AND payload->>'accountId' = $2 ORDER BY created_at",
    [kind, sub.accountId],
  );
const accountOf = async (sub: Sub) =>
  (
    await rows(
      t,
      'SELECT status, cancel_for_non_payment_at AS "cancelAt" FROM customer_accounts WHERE id = $1',
      [sub.accountId],
    )
  )[0];
const standingOf = async (sub: Sub) =>
  (await api(t.base, sub.staff, 'GET', `/api/policies/${sub.policyId}`)).body.standing;
const owedOn = (sub: Sub) => owedOnStatements(t, sub.accountId);
const RENEWS_ONLY_IF_PAID =
  /Your policy is due to renew at (.+), and renews only if this is paid before then: otherwise your cover ends then\./;

let atJanuary6: { failing: unknown; disputed: unknown; renewing: unknown };

beforeAll(async () => {
  t = await billingApp('2027-01-10T09:00:00Z');
  failing = await buySubscription(t, '2027-01-10');
  disputed = await buySubscription(t, '2027-01-10');
  renewing = await buySubscription(t, '2027-01-10');
  reviewed = await buySubscription(t, '2027-01-10');
  early = await buySubscription(t, '2027-01-10');
  // Staff review this one's renewal themselves (MANUAL): it cannot renew automatically, paid or not.
  await t.database.query("UPDATE policies SET review_type = 'MANUAL' WHERE id = $1", [reviewed.policyId]);
  await runDays(t, '2027-01-11', '2027-12-09');
  t.at.set('2027-12-09T12:00:00Z');
  // From now on the card of `failing` is declined off-session.
  await t.database.query(
    "UPDATE payment_methods SET provider_reference = 'pm_test_3178_declines' WHERE party_id = $1",
    [failing.partyId],
  );
  // `early` disputes its November payment the day before its renewal is offered: suspended, with notice.
  t.at.set('2027-12-14T10:00:00Z');
  await disputeStatementPayment(t, early.accountId, 11);
  t.at.set('2027-12-15T06:00:00Z');
  await runRenewalInvitations(t.app.services, t.at.now());
  // The billing job does not run from 10 December to 1 January (an outage, as on the simulation's down days): the
  // statements of 10 December are raised late, on 2 January.
  await runDays(t, '2028-01-02', '2028-01-04');
  // The cardholder of `disputed` disputes the payment of 10 December (ADR 392).
  t.at.set('2028-01-05T10:00:00Z');
  await disputeStatementPayment(t, disputed.accountId, 12);
  await disputeStatementPayment(t, reviewed.accountId, 12);
  await runDays(t, '2028-01-05', '2028-01-06');
  t.at.set('2028-01-06T12:00:00Z');
  atJanuary6 = {
    failing: await standingOf(failing),
    disputed: await standingOf(disputed),
    renewing: await standingOf(renewing),
  };
  // `disputed` pays what the dispute took back, on the hosted page, the day after.
  t.at.set('2028-01-07T12:00:00Z');
  const token = (await signAnonymousToken(t.app.services, disputed.partyId)).accessToken;
  const page = await openSettlePage(t, token, disputed.accountId);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  await payOnHostedPage(page.body.url);
  for (let i = 0; i < 300 && (await owedOn(disputed)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await owedOn(disputed)).toBe(0);
  await runDays(t, '2028-01-07', '2028-01-09');
  const [policy] = await rows(t, 'SELECT expired_at FROM policies WHERE id = $1', [renewing.policyId]);
  t.at.set(new Date(new Date(String(policy?.expired_at)).getTime() + 3_600_000).toISOString());
  outcomes = (await runAnniversaries(t.app.services, t.at.now())).map((e) => [e.policyId, e.outcome]);
}, 240_000);
afterAll(() => t?.close());

describe('money owed holds an automatic renewal back (ADR 400)', () => {
  it('at the anniversary: the policy owing lapses; the one whose customer paid, and the one owing nothing, renew', () => {
    expect(outcomes.sort()).toEqual(
      [
        [failing.policyId, 'LAPSED'],
        [disputed.policyId, 'RENEWED'],
        [renewing.policyId, 'RENEWED'],
        [reviewed.policyId, 'LAPSED'],
        [early.policyId, 'ENDED_ALREADY'],
      ].sort(),
    );
  });

  it('each failure before the anniversary says the policy renews only if it is paid, and the last does not suspend the account', async () => {
    const failed = await notices(failing, 'payment-failed');
    expect(failed.map((m) => m.attempt)).toEqual(['1', '2', '3']);
    // The first two: the retries go on, and the renewal waits on the money.
    for (const m of failed.slice(0, 2)) {
      expect(String(m.body)).toMatch(RENEWS_ONLY_IF_PAID);
      expect(String(m.body)).toContain('Otherwise we will try your card again on');
    }
    // The last (9 January): a notice would end cover on 17 January, after the anniversary. The account is not
    // suspended, and the customer is not told of a cancellation: unpaid, cover ends at the anniversary.
    const last = String(failed[2]?.body);
    expect(last).toContain('We tried three times');
    expect(last).toMatch(RENEWS_ONLY_IF_PAID);
    expect(last).toContain('We will not try your card again');
    expect(last).not.toMatch(/suspended|cancelled for non-payment/);
    expect(await notices(failing, 'notice-of-cancellation')).toEqual([]);
    expect(await accountOf(failing)).toEqual({ status: 'ACTIVE', cancelAt: null });
  });

  it('while it is owed, where the policy stands says it renews only once paid; a policy owing nothing renews automatically', () => {
    expect(atJanuary6.failing).toMatchObject({
      arrears: { why: 'failed' },
      renewal: { state: 'owing' },
    });
    expect((atJanuary6.failing as { facts: string[] }).facts).not.toContain('renewing');
    expect(atJanuary6.disputed).toMatchObject({ arrears: { why: 'takenBack' }, renewal: { state: 'owing' } });
    expect(atJanuary6.renewing).toMatchObject({ arrears: null, renewal: { state: 'automatic' } });
    expect((atJanuary6.renewing as { facts: string[] }).facts).toContain('renewing');
  });

  it('a dispute in the last week: the account is not suspended, and the e-mail says the policy renews only if it is paid', async () => {
    const [told] = await notices(disputed, 'payment-disputed');
    expect(String(told?.body)).toMatch(RENEWS_ONLY_IF_PAID);
    expect(String(told?.body)).not.toMatch(/suspended/);
    expect(await notices(disputed, 'notice-of-cancellation')).toEqual([]);
    expect(await accountOf(disputed)).toMatchObject({ cancelAt: null });
  });

  it('invited while owing: the invitation says it renews only if that is paid; one owing nothing, that nothing is to do', async () => {
    const invitation = async (sub: Sub) =>
      String(
        (
          await rows(
            t,
            "SELECT body FROM outbox WHERE payload->>'type' = 'renewal.invitation' AND payload->>'policyNumber' = (SELECT policy_number FROM policies WHERE id = $1)",
            [sub.policyId],
          )
        )[0]?.body,
      );
    const owed = early.regular;
    expect(await invitation(early)).toContain(
      `£${(owed / 100).toFixed(2)} is still to pay on your policy. Your cover continues automatically at this price on your renewal date only if it is paid before then`,
    );
    expect(await invitation(early)).not.toContain('You do not need to do anything');
    expect(await invitation(renewing)).toContain('You do not need to do anything');
    // Unpaid, the notice ran out first: cancelled for non-payment before the anniversary.
    const [ended] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [early.policyId]);
    expect(ended?.status).toBe('CANCELLED');
  });

  it('a renewal waiting for staff does not renew whatever is paid: a dispute in the last week says cover ends at the expiry, and does not suspend', async () => {
    const [told] = await notices(reviewed, 'payment-disputed');
    expect(String(told?.body)).not.toMatch(RENEWS_ONLY_IF_PAID);
    expect(String(told?.body)).toMatch(
      /Your cover ends at .+, as arranged\. Please pay the outstanding balance/,
    );
    expect(await notices(reviewed, 'notice-of-cancellation')).toEqual([]);
    expect(await accountOf(reviewed)).toEqual({ status: 'ACTIVE', cancelAt: null });
  });

  it('lapsed for what it owed: the e-mail says why, and the renewal can be taken up only once that is paid', async () => {
    const owed = await owedOn(failing);
    expect(owed).toBeGreaterThan(0);
    const [ended] = await rows(
      t,
      "SELECT body FROM outbox WHERE payload->>'type' = 'renewal.lapsed' AND payload->>'policyNumber' = (SELECT policy_number FROM policies WHERE id = $1)",
      [failing.policyId],
    );
    expect(String(ended?.body)).toContain(
      `It did not renew because £${(owed / 100).toFixed(2)} was still to pay on it. You are no longer insured to drive the car under this policy.`,
    );
    expect(String(ended?.body)).toContain(
      'pay what is owed from the Billing tab of your policy, then opt back in',
    );
    const token = (await signAnonymousToken(t.app.services, failing.partyId)).accessToken;
    const optIn = () =>
      api(t.base, token, 'PUT', `/api/policies/${failing.policyId}/autoRenewal`, { enabled: true });
    const refused = await optIn();
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.details).toEqual({ reason: 'OUTSTANDING_BALANCE', amount: owed });
    // Paid on the hosted page, and a new card saved: the renewal is taken up, cover from now, its first month
    // charged to the new card.
    const page = await openSettlePage(t, token, failing.accountId);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    await payOnHostedPage(page.body.url);
    await expect.poll(() => owedOn(failing), { timeout: 30_000 }).toBe(0);
    // Its saved card still declines: the customer saves another from the Billing tab (a lapsed policy whose
    // renewal is open needs a way to pay for it, ADR 400), and the take-up is charged to it.
    const [account] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountId: failing.accountId, paymentMethodNeeded: true });
    await useCardFromBillingTab(t, failing);
    const taken = await optIn();
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.policyDetail.policyStatus).toBe('ACTIVE');
    expect(
      await rows(t, 'SELECT 1 FROM policies WHERE previous_policy_id = $1', [failing.policyId]),
    ).toHaveLength(1);
  });
});
