import { expect } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { runBillingDay } from '../src/modules/billing/index.ts';
import type { SandboxCardPayments } from '../src/providers/card-payments/sandbox.ts';
import { signStripeStyle } from '../src/providers/card-payments/signature.ts';
import { advanceSandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import type { TestAppOptions } from './helpers/test-app.ts';
import { api, type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

/** A clock the test sets to any instant (the billing tests live through months in a second). */
export function settableClock(start: string) {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (iso: string) => {
      at = new Date(iso).getTime();
    },
  };
}

export type BillingApp = ListeningApp & { at: ReturnType<typeof settableClock> };

/** The real app on a free port, its clock set by the test; the brand's payment-day feature switched on. */
export async function billingApp(start: string, options: TestAppOptions = {}): Promise<BillingApp> {
  const at = settableClock(start);
  const t = await listeningApp({ ...options, clock: at });
  t.app.services.brand.features.allowModifyBillingDay = true;
  return { ...t, at };
}

/** The first payment of a verified quote taken by staff over the phone with a card token (saves the card). */
export async function payFirstByPhone(t: ListeningApp, v: Visitor, code: string, token = 'tok_visa') {
  const due = (await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code })).json();
  const [{ party_id: partyId, dob } = {}] = await rows(
    t,
    "SELECT party_id, data->'profiles'->0->'data'->>'dateOfBirth' AS dob FROM proposals WHERE proposal_code = $1",
    [code],
  );
  const staff = `staff:${partyId}`;
  const paid = await api(t.base, staff, 'POST', '/api/stripe/moto/checkout', {
    paymentId: due.paymentId,
    itemName: 'Monthly car insurance',
    token,
    postalCode: 'LS1 5HD',
    dateOfBirth: dob,
  });
  expect(paid.status).toBe(200);
  return { partyId, dob, staff };
}

/**
 * A subscription bought now (the clock's now) by phone with a card token, cover starting on `startDate`
 * (London), as staff would sell it. Returns the visitor, a staff token acting for them and the ids.
 */
export async function buySubscription(
  t: BillingApp,
  startDate: string,
  token = 'tok_visa',
  before?: (v: Visitor) => Promise<void>,
) {
  const v = await visitor(t.app);
  await before?.(v);
  const { code } = await ratedProposal(v, (d) => {
    d.quote.startDate = startDate;
  });
  expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  const { partyId, dob, staff } = await payFirstByPhone(t, v, code, token);
  const account = (await api(t.base, staff, 'GET', '/api/customerAccounts')).body[0];
  const [policy] = await rows(t, 'SELECT id FROM policies WHERE proposal_code = $1', [code]);
  const [quote] = await rows(
    t,
    "SELECT (quote->'totals'->'monthly'->>'first')::int AS first, (quote->'totals'->'monthly'->>'regular')::int AS regular FROM policy_versions WHERE policy_id = $1",
    [policy?.id],
  );
  return {
    v,
    staff,
    partyId: String(partyId),
    dob: String(dob),
    code,
    accountId: account.accountId as string,
    policyId: String(policy?.id),
    first: Number(quote?.first),
    regular: Number(quote?.regular),
  };
}

/**
 * Staff acting for the customer change the policy from now (made and confirmed), as they may where the customer
 * may not (in the renewal window). Answers the change's pro-rata line on the account: negative when cheaper.
 */
export async function staffChange(
  t: BillingApp,
  p: { staff: string; policyId: string; accountId: string },
  changes: unknown[],
) {
  const made = await api(t.base, p.staff, 'POST', '/api/policyAdjustments', {
    adjustmentType: 'MTA',
    policyId: p.policyId,
    changes,
    effectiveAt: t.at.now().toISOString(),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const done = await api(t.base, p.staff, 'POST', `/api/policyAdjustments/${made.body.adjustmentId}/commit`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const [line] = await rows(
    t,
    "SELECT amount_pence FROM statement_line_items WHERE account_id = $1 AND sub_type = 'MTA' ORDER BY created_at DESC LIMIT 1",
    [p.accountId],
  );
  return Number(line?.amount_pence);
}

/**
 * Staff acting for the customer cancel the policy (the purchase's anonymous token has long expired on these
 * clocks): the cancellation made and confirmed, now or from `effectiveAt`. Answers both answers' bodies.
 */
export async function staffCancel(
  t: ListeningApp,
  p: { staff: string; policyId: string },
  effectiveAt?: string,
) {
  const made = await api(t.base, p.staff, 'POST', '/api/policyAdjustments', {
    adjustmentType: 'CANCELLATION',
    policyId: p.policyId,
    changes: [],
    reason: 'Price',
    ...(effectiveAt ? { effectiveAt } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const done = await api(t.base, p.staff, 'POST', `/api/policyAdjustments/${made.body.adjustmentId}/commit`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { made: made.body, done: done.body };
}

/**
 * Runs the billing day at 06:00 UTC on each date from `from` to `to` (inclusive), as the job would, then the
 * sandbox bank's day (Direct Debit payments move on; "bank" in the log); answers
 * the totals and a log of what happened on which day ("2027-03-03 failed").
 */
export async function runDays(t: BillingApp, from: string, to: string) {
  const totals = { raised: 0, collected: 0, failed: 0, cancelled: 0 };
  const log: string[] = [];
  for (
    let d = new Date(`${from}T06:00:00Z`);
    d <= new Date(`${to}T06:00:00Z`);
    d = new Date(d.getTime() + 86_400_000)
  ) {
    t.at.set(d.toISOString());
    const r = await runBillingDay(t.app.services, t.at.now());
    const what: string[] = [];
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) {
      totals[k] += r[k];
      if (r[k] > 0) what.push(`${k}${r[k] > 1 ? ` ${r[k]}` : ''}`);
    }
    // The sandbox bank's day: Direct Debit payments submitted, confirmed or failed (webhooks, ADR 204).
    const moved = await advanceSandboxDirectDebit(t.app.services);
    if (moved > 0) what.push(`bank${moved > 1 ? ` ${moved}` : ''}`);
    if (what.length) log.push(`${d.toISOString().slice(0, 10)} ${what.join(', ')}`);
  }
  return { totals, log };
}

/**
 * A `before` for buySubscription: the customer sets up a Direct Debit mandate on the sandbox's bank-details
 * page before buying, so the account is BACS_DEBIT (55779911 pays, 55779922 fails; ADR 204).
 */
export const withMandate = (base: string, accountNumber: string) => async (v: Visitor) => {
  const started = await api(base, v.token, 'POST', '/api/gocardless/flows', {
    mandateDescription: 'Monthly car insurance',
    successUrl: `${base}/done`,
  });
  expect(started.status).toBe(200);
  const flow = started.body;
  const done = await submitForm(flow.redirectUrl, {
    accountHolder: 'Sam Driver',
    sortCode: '20-00-00',
    accountNumber,
  });
  expect(done.status).toBe(303);
  const mandate = await api(base, v.token, 'POST', '/api/gocardless/mandates', {
    redirectFlowId: flow.redirectFlowId,
  });
  expect(mandate.status).toBe(200);
};

/** Opens the hosted card page for an account's outstanding balance (POST /api/stripe/settle). */
export const openSettlePage = (t: ListeningApp, token: string, accountId: string) =>
  api(t.base, token, 'POST', '/api/stripe/settle', {
    accountId,
    successUrl: `${t.base}/`,
    cancelUrl: `${t.base}/`,
    lineItem: { name: 'Outstanding balance' },
  });

/** Pays on the sandbox's hosted card page with the good test card, as a browser would. */
export const payOnHostedPage = (url: string) =>
  submitForm(url, {
    name: 'Sam Taylor',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    postalCode: 'LS1 5HD',
  });

/** The kinds of the billing notices queued for an account (payment-failed, statement-issued, …), oldest first. */
export const accountNotices = async (t: ListeningApp, accountId: string) =>
  (
    await rows(
      t,
      "SELECT payload->>'kind' AS kind FROM outbox WHERE payload->>'accountId' = $1 ORDER BY created_at",
      [accountId],
    )
  ).map((r) => r.kind as string);

/**
 * The customer, signed in now, saves a card from the billing tab (ADR 310): the account collects by it from now.
 * 4242 4242 4242 4242 pays off-session.
 */
export async function useCardFromBillingTab(
  t: ListeningApp,
  p: { partyId: string; accountId: string },
  cardNumber = '4242 4242 4242 4242',
) {
  const token = (await signAnonymousToken(t.app.services, p.partyId)).accessToken;
  const session = await api(t.base, token, 'POST', '/api/stripe/setup', {
    clientReference: p.accountId,
    successUrl: `${t.base}/car-insurance/policy/p/billing?cardSetup={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${t.base}/car-insurance/policy/p/billing`,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const saved = await submitForm(session.body.url, {
    name: 'Sam Driver',
    cardNumber,
    expiry: '12/34',
    cvc: '123',
    postalCode: 'LS1 5HD',
  });
  expect(saved.status, saved.html).toBe(303);
}

/** The card issuer's reference of the payment that paid statement `n` of an account. */
export async function statementPaymentReference(t: ListeningApp, accountId: string, n: number) {
  const [paid] = await rows(
    t,
    `SELECT p.provider_reference FROM customer_payments p JOIN statements s ON s.id::text = p.reference
      WHERE s.account_id = $1 AND s.statement_number = $2`,
    [accountId, n],
  );
  return String(paid?.provider_reference);
}

/** The cardholder disputes the payment of statement `n` at the sandbox, now (ADR 392): its webhook delivered. */
export async function disputeStatementPayment(t: ListeningApp, accountId: string, n: number) {
  const card = t.app.services.providers.cardPayments as SandboxCardPayments;
  expect((await card.disputePayment(await statementPaymentReference(t, accountId, n))).delivered).toBe(true);
}

/** What an account's statements still ask for (pending or failed), in pence. */
export async function owedOnStatements(t: ListeningApp, accountId: string) {
  const [row] = await rows(
    t,
    "SELECT coalesce(sum(amount_outstanding_pence), 0)::int AS due FROM statements WHERE account_id = $1 AND status IN ('pending', 'failed')",
    [accountId],
  );
  return Number(row?.due);
}

/**
 * A card event as the sandbox card provider sends it (a dispute, ADR 392; a refund, ADR 406): `data.object` given,
 * signed with the sandbox's secret at the clock's now (or with the signature given), posted to the app. Answers the
 * HTTP status.
 */
export async function postCardEvent(
  t: BillingApp,
  event: { id: string; type: string; object: Record<string, unknown> },
  signature?: string,
) {
  const card = t.app.services.providers.cardPayments as SandboxCardPayments;
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    data: { object: event.object },
  });
  const at = Math.floor(t.at.now().getTime() / 1000);
  const res = await fetch(`${t.base}/api/stripe/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signStripeStyle(body, await card.webhookSecret(), at),
    },
    body,
  });
  return res.status;
}
