import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStripeStyle } from '../src/providers/card-payments/signature.ts';
import type { SandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import { type BillingApp, billingApp, buySubscription } from './billing-helpers.ts';
import { api, rows, submitForm } from './payments-helpers.ts';

/**
 * Issue 12 item 5 (ADR 310): the customer changes an account's card (a card set-up session whose client
 * reference is the account) or sets up / replaces its Direct Debit (a redirect flow for the account) from the
 * billing tab. The new method collects once the provider says so (signed webhook), exactly once; the old one
 * stays on file, a replaced mandate is cancelled at the provider.
 */
let t: BillingApp;
beforeAll(async () => {
  // The sandbox bank approves mandates only when the test says so (activateMandate).
  t = await billingApp('2026-11-25T10:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '3600' } });
}, 180_000);
afterAll(async () => t.close());

const account = async (token: string) => (await api(t.base, token, 'GET', '/api/customerAccounts')).body[0];
const setupBody = (clientReference: string) => ({
  clientReference,
  successUrl: `${t.base}/car-insurance/policy/p/billing?cardSetup={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${t.base}/car-insurance/policy/p/billing`,
});
const flowBody = (clientReference: string) => ({
  mandateDescription: 'Monthly car insurance',
  successUrl: `${t.base}/`,
  clientReference,
});
const saveCardOnPage = (url: string, cardNumber: string) =>
  submitForm(url, { name: 'Sam Taylor', cardNumber, expiry: '12/34', cvc: '123', postalCode: 'LS1 5HD' });
const giveBankDetails = (url: string, accountNumber = '55779911') =>
  submitForm(url, { accountHolder: 'Sam Driver', sortCode: '20-00-00', accountNumber });
const changes = async (accountId: string) =>
  rows(t, 'SELECT from_method_id, to_method_id FROM payment_method_changes WHERE account_id = $1', [
    accountId,
  ]);
const sandboxBank = () => t.app.services.providers.directDebit as SandboxDirectDebit;

describe('change card from the billing tab', () => {
  it('a saved card collects for the account once, the old card stays on file', async () => {
    const p = await buySubscription(t, '2026-11-25');
    const before = await account(p.v.token);
    expect(before).toMatchObject({
      paymentMethodType: 'CARD',
      paymentMethodUsable: true,
      paymentMethodNeeded: true,
    });
    expect(before.paymentMethod.display).toContain('4242');

    const session = await api(t.base, p.v.token, 'POST', '/api/stripe/setup', setupBody(p.accountId));
    expect(session.status).toBe(200);
    const declined = await saveCardOnPage(session.body.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(303);
    expect((await account(p.v.token)).paymentMethod.display).toContain('4242');

    const again = await api(t.base, p.v.token, 'POST', '/api/stripe/setup', setupBody(p.accountId));
    const saved = await saveCardOnPage(again.body.url, '4000 0082 6000 3178');
    expect(saved.location).toBe(`${t.base}/car-insurance/policy/p/billing?cardSetup=${again.body.sessionId}`);
    const after = await account(p.v.token);
    expect(after).toMatchObject({ paymentMethodType: 'CARD', paymentMethodUsable: true });
    expect(after.paymentMethod.display).toBe('VISA •••• 3178');
    const status = await api(t.base, p.v.token, 'GET', `/api/stripe/sessions/${again.body.sessionId}`);
    expect(status.body).toMatchObject({ kind: 'setup', status: 'complete', clientReference: p.accountId });
    expect(await changes(p.accountId)).toHaveLength(1);
    const cards = await rows(
      t,
      "SELECT card_last4 FROM payment_methods WHERE party_id = $1 AND type = 'CARD'",
      [p.partyId],
    );
    expect(cards.map((c) => c.card_last4).sort()).toEqual(['3178', '4242']);

    // The webhook again (a replay: duplicate) and as new events twice at once: still one change.
    const secret = (await rows(t, "SELECT value FROM app_secrets WHERE name = 'sandbox-card-webhook'"))[0]
      ?.value as string;
    const [sandboxSession] = await rows(t, 'SELECT * FROM sandbox_card_sessions WHERE id = $1', [
      again.body.sessionId,
    ]);
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(t.at.now().getTime() / 1000),
        data: {
          object: {
            id: again.body.sessionId,
            object: 'checkout.session',
            mode: 'setup',
            status: 'complete',
            payment_status: 'no_payment_required',
            amount_total: null,
            currency: 'gbp',
            client_reference_id: p.accountId,
            metadata: {},
            payment_intent: null,
            decline_code: null,
            payment_method_details: {
              id: sandboxSession?.payment_method_id,
              brand: 'visa',
              last4: '3178',
            },
          },
        },
      });
    const post = (body: string) =>
      fetch(`${t.base}/api/stripe/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripeStyle(body, secret, Math.floor(t.at.now().getTime() / 1000)),
        },
        body,
      });
    const first = event('evt_test_again_1');
    const answers = await Promise.all([post(first), post(event('evt_test_again_2')), post(first)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const forged = event('evt_test_forged');
    const bad = await fetch(`${t.base}/api/stripe/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripeStyle(forged, 'x', 1) },
      body: forged,
    });
    expect(bad.status).toBe(400);
    expect(await changes(p.accountId)).toHaveLength(1);
    expect((await account(p.v.token)).paymentMethod.display).toBe('VISA •••• 3178');
  });

  it('refuses another customer (404), no or a tampered token (401), staff (403) and bad input (400)', async () => {
    const p = await buySubscription(t, '2026-11-25');
    const other = await buySubscription(t, '2026-11-25');
    const body = setupBody(p.accountId);
    expect((await api(t.base, other.v.token, 'POST', '/api/stripe/setup', body)).status).toBe(404);
    const anonymous = await fetch(`${t.base}/api/stripe/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
    expect((await api(t.base, `${p.v.token}x`, 'POST', '/api/stripe/setup', body)).status).toBe(401);
    expect((await api(t.base, 'staff:', 'POST', '/api/stripe/setup', body)).status).toBe(403);
    expect((await api(t.base, p.staff, 'POST', '/api/stripe/setup', body)).status).toBe(403);
    for (const bad of [
      { ...body, clientReference: 42 },
      { ...body, clientReference: 'x'.repeat(101) },
      { ...body, clientReference: `${p.accountId}\u0000` },
      { ...body, successUrl: 'not an address' },
      { clientReference: p.accountId },
    ]) {
      expect((await api(t.base, p.v.token, 'POST', '/api/stripe/setup', bad)).status).toBe(400);
    }
    for (const bad of [
      { ...flowBody(p.accountId), clientReference: ['x'] },
      { ...flowBody(p.accountId), mandateDescription: 'x'.repeat(101) },
    ]) {
      expect((await api(t.base, p.v.token, 'POST', '/api/gocardless/flows', bad)).status).toBe(400);
    }
    expect(
      (await api(t.base, other.v.token, 'POST', '/api/gocardless/flows', flowBody(p.accountId))).status,
    ).toBe(404);
    expect((await api(t.base, 'staff:', 'POST', '/api/gocardless/flows', flowBody(p.accountId))).status).toBe(
      403,
    );
    // A foreign return address is refused before the provider is asked (ADR 132).
    const foreign = { ...body, successUrl: 'https://evil.example/c' };
    expect((await api(t.base, p.v.token, 'POST', '/api/stripe/setup', foreign)).status).toBe(400);
    // Spec 1 §4: an ended policy has nothing more to collect; no method is needed (422), no banner.
    await t.database.query("UPDATE policies SET status = 'CANCELLED' WHERE id = $1", [other.policyId]);
    expect(
      (await api(t.base, other.v.token, 'POST', '/api/stripe/setup', setupBody(other.accountId))).status,
    ).toBe(422);
    expect((await account(other.v.token)).paymentMethodNeeded).toBe(false);
  });

  it('retried with the same Idempotency-Key answers the same hosted page', async () => {
    const p = await buySubscription(t, '2026-11-25');
    const send = (path: string, body: unknown) =>
      fetch(`${t.base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${p.v.token}`,
          'content-type': 'application/json',
          'idempotency-key': `k-${path}`,
        },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ sessionId?: string; redirectFlowId?: string }>);
    const [a, b] = await Promise.all([
      send('/api/stripe/setup', setupBody(p.accountId)),
      send('/api/stripe/setup', setupBody(p.accountId)),
    ]);
    expect(a.sessionId).toBe(b.sessionId);
    const c = await send('/api/stripe/setup', setupBody(p.accountId));
    expect(c.sessionId).toBe(a.sessionId);
    const [f1, f2] = await Promise.all([
      send('/api/gocardless/flows', flowBody(p.accountId)),
      send('/api/gocardless/flows', flowBody(p.accountId)),
    ]);
    expect(f1.redirectFlowId).toBe(f2.redirectFlowId);
  });
});

describe('set up or replace a Direct Debit from the billing tab', () => {
  it('the new mandate collects once ACTIVE; meanwhile pending is shown; a replaced mandate is cancelled', async () => {
    const p = await buySubscription(t, '2026-11-25');
    const flow = await api(t.base, p.v.token, 'POST', '/api/gocardless/flows', flowBody(p.accountId));
    expect(flow.status).toBe(200);
    const back = await giveBankDetails(flow.body.redirectUrl);
    expect(back.location).toBe(`${t.base}/?redirect_flow_id=${flow.body.redirectFlowId}`);
    const mandate = await api(t.base, p.v.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.body.redirectFlowId,
    });
    expect(mandate.body.status).toBe('PENDING_CUSTOMER_APPROVAL');
    const waiting = await account(p.v.token);
    expect(waiting).toMatchObject({
      paymentMethodType: 'CARD',
      pendingPaymentMethod: { mandateStatus: 'PENDING_CUSTOMER_APPROVAL' },
    });
    expect(waiting.paymentMethod.display).toContain('4242');

    await sandboxBank().activateMandate(mandate.body.mandateId);
    const active = await account(p.v.token);
    expect(active).toMatchObject({
      paymentMethodType: 'BACS_DEBIT',
      paymentMethodUsable: true,
      paymentMethod: { mandateStatus: 'ACTIVE' },
      pendingPaymentMethod: null,
    });
    expect(await changes(p.accountId)).toHaveLength(1);

    // Replace it: the first mandate is cancelled at the provider once the second is active.
    const second = await api(t.base, p.v.token, 'POST', '/api/gocardless/flows', flowBody(p.accountId));
    await giveBankDetails(second.body.redirectUrl);
    const newer = await api(t.base, p.v.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: second.body.redirectFlowId,
    });
    expect((await account(p.v.token)).paymentMethod.mandateStatus).toBe('ACTIVE');
    await sandboxBank().activateMandate(newer.body.mandateId);
    await sandboxBank().activateMandate(newer.body.mandateId);
    expect(await changes(p.accountId)).toHaveLength(2);
    const [old] = await rows(t, 'SELECT status FROM sandbox_dd_mandates WHERE id = $1', [
      mandate.body.mandateId,
    ]);
    expect(old?.status).toBe('cancelled');
    const mandates = (await api(t.base, p.v.token, 'GET', '/api/gocardless/mandates')).body;
    expect(mandates.map((m: { status: string }) => m.status)).toEqual(['ACTIVE', 'CANCELLED']);
    const now = await account(p.v.token);
    expect(now.paymentMethod).toMatchObject({ mandateStatus: 'ACTIVE' });
    expect(now.paymentMethod.display).toBe('Direct Debit BARCLAYS BANK PLC ••11');

    // A card replaces the Direct Debit: the mandate is cancelled too.
    const session = await api(t.base, p.v.token, 'POST', '/api/stripe/setup', setupBody(p.accountId));
    await saveCardOnPage(session.body.url, '4242 4242 4242 4242');
    const byCard = await account(p.v.token);
    expect(byCard).toMatchObject({ paymentMethodType: 'CARD', paymentMethodUsable: true });
    const [last] = await rows(t, 'SELECT status FROM sandbox_dd_mandates WHERE id = $1', [
      newer.body.mandateId,
    ]);
    expect(last?.status).toBe('cancelled');
  });

  it('a new mandate the bank refuses is shown cancelled; the old method keeps collecting', async () => {
    const p = await buySubscription(t, '2026-11-25');
    const flow = await api(t.base, p.v.token, 'POST', '/api/gocardless/flows', flowBody(p.accountId));
    await giveBankDetails(flow.body.redirectUrl);
    const mandate = await api(t.base, p.v.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.body.redirectFlowId,
    });
    await sandboxBank().cancelMandate(mandate.body.mandateId);
    expect(await account(p.v.token)).toMatchObject({
      paymentMethodType: 'CARD',
      paymentMethodUsable: true,
      pendingPaymentMethod: { mandateStatus: 'CANCELLED' },
    });
    // The bank cannot approve a cancelled mandate later.
    await sandboxBank().activateMandate(mandate.body.mandateId);
    expect((await account(p.v.token)).paymentMethodType).toBe('CARD');
    expect(await changes(p.accountId)).toHaveLength(0);
  });
});
