import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGoCardlessStyle } from '../src/providers/direct-debit/signature.ts';
import { api, type ListeningApp, listeningApp, session, submitForm } from './payments-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp({ env: { JOBS: 'true', SANDBOX_MANDATE_ACTIVATION_SECONDS: '1' } });
});
afterAll(async () => t.close());

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('timed out');
}

const bank = { accountHolder: 'Sam Driver', sortCode: '20-00-00', accountNumber: '55779911' };

async function startFlow(token: string) {
  const res = await api(t.base, token, 'POST', '/api/gocardless/flows', {
    mandateDescription: 'Forecourt monthly car insurance',
    successUrl: `${t.base}/car-insurance/proposal/P1/checkout`,
  });
  expect(res.status).toBe(200);
  return res.body as { redirectFlowId: string; redirectUrl: string };
}

describe('Direct Debit through the sandbox redirect flow', () => {
  it('bank details page, mandate pending approval, then active by signed webhook from a job', async () => {
    const customer = await session(t.base);
    const flow = await startFlow(customer.token);
    expect(flow.redirectUrl).toBe(`${t.base}/sandbox/gocardless/flows/${flow.redirectFlowId}`);
    expect(await (await fetch(flow.redirectUrl)).text()).toContain('Set up a Direct Debit');

    const early = await api(t.base, customer.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    expect(early.status).toBe(422);

    const wrong = await submitForm(flow.redirectUrl, { ...bank, accountNumber: '12345678' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('do not match a UK bank account');

    const done = await submitForm(flow.redirectUrl, bank);
    expect(done.status).toBe(303);
    expect(done.location).toBe(
      `${t.base}/car-insurance/proposal/P1/checkout?redirect_flow_id=${flow.redirectFlowId}`,
    );

    const stranger = await session(t.base);
    const theirs = await api(t.base, stranger.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    expect(theirs.status).toBe(404);

    const mandate = await api(t.base, customer.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    expect(mandate.status).toBe(200);
    expect(mandate.body).toMatchObject({
      type: 'BACS_DEBIT',
      status: 'PENDING_CUSTOMER_APPROVAL',
      bankName: 'BARCLAYS BANK PLC',
      accountNumberEnding: '11',
    });
    const repeat = await api(t.base, customer.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    expect(repeat.body.mandateId).toBe(mandate.body.mandateId);

    const active = await waitFor(async () => {
      const list = await api(t.base, customer.token, 'GET', '/api/gocardless/mandates');
      return list.body[0]?.status === 'ACTIVE' ? list.body : undefined;
    });
    expect(active).toHaveLength(1);
    expect((await api(t.base, stranger.token, 'GET', '/api/gocardless/mandates')).body).toEqual([]);
  });

  it('rejects a webhook with a bad signature and applies a replay once', async () => {
    const customer = await session(t.base);
    const flow = await startFlow(customer.token);
    await submitForm(flow.redirectUrl, bank);
    // Deactivate the sandbox bank for this mandate: the test sends the events itself.
    await t.database.query("UPDATE sandbox_dd_mandates SET webhook_url = 'http://127.0.0.1:9/'");
    const { body: mandate } = await api(t.base, customer.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    await t.database.query("UPDATE sandbox_dd_mandates SET webhook_url = 'http://127.0.0.1:9/'");
    const event = (id: string, action: string) =>
      JSON.stringify({
        events: [{ id, resource_type: 'mandates', action, links: { mandate: mandate.mandateId } }],
      });
    const post = (body: string, signature: string) =>
      fetch(`${t.base}/api/gocardless/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        body,
      });
    const status = async () =>
      (await api(t.base, customer.token, 'GET', '/api/gocardless/mandates')).body[0]?.status;

    const cancelled = event('EV_TEST_CANCEL', 'cancelled');
    const forged = await post(cancelled, signGoCardlessStyle(cancelled, 'not-the-secret'));
    expect(forged.status).toBe(400);
    expect(await status()).not.toBe('CANCELLED');

    const secret = (await t.database.query("SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))
      .rows[0]?.value as string;
    const ok = await post(cancelled, signGoCardlessStyle(cancelled, secret));
    expect(await ok.json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toBe('CANCELLED');
    await t.database.query(
      "UPDATE payment_methods SET mandate_status = 'ACTIVE' WHERE provider_reference = $1",
      [mandate.mandateId],
    );
    const replay = await post(cancelled, signGoCardlessStyle(cancelled, secret));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await status()).toBe('ACTIVE');
  });
  it('an event about a mandate the app has not recorded yet is answered 409, kept by nobody, and applied when sent again', async () => {
    const customer = await session(t.base);
    const flow = await startFlow(customer.token);
    await submitForm(flow.redirectUrl, bank);
    const { body: mandate } = await api(t.base, customer.token, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.redirectFlowId,
    });
    // The sandbox bank is silenced for this mandate, and the app's row is hidden under another reference, as
    // it is in the moment between the provider completing the flow and the app's transaction committing.
    await t.database.query(
      "UPDATE sandbox_dd_mandates SET webhook_url = 'http://127.0.0.1:9/' WHERE id = $1",
      [mandate.mandateId],
    );
    await t.database.query(
      "UPDATE payment_methods SET mandate_status = 'PENDING_CUSTOMER_APPROVAL', provider_reference = 'not-yet' WHERE provider_reference = $1",
      [mandate.mandateId],
    );
    const body = JSON.stringify({
      events: [
        {
          id: 'EV_EARLY_ACTIVE',
          resource_type: 'mandates',
          action: 'active',
          links: { mandate: mandate.mandateId },
        },
      ],
    });
    const secret = (await t.database.query("SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))
      .rows[0]?.value as string;
    const post = () =>
      fetch(`${t.base}/api/gocardless/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-signature': signGoCardlessStyle(body, secret),
        },
        body,
      });
    const early = await post();
    expect(early.status).toBe(409);
    expect(
      (await t.database.query("SELECT 1 FROM webhook_events WHERE event_id = 'EV_EARLY_ACTIVE'")).rows,
    ).toEqual([]);
    // Recorded now: the provider's next attempt is applied, not skipped as seen.
    await t.database.query(
      'UPDATE payment_methods SET provider_reference = $1 WHERE provider_reference = $2',
      [mandate.mandateId, 'not-yet'],
    );
    const again = await post();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: false });
    const status = (await api(t.base, customer.token, 'GET', '/api/gocardless/mandates')).body[0]?.status;
    expect(status).toBe('ACTIVE');
  });
});
