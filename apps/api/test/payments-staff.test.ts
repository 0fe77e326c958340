import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { signIn } from './helpers/identity-flow.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

/**
 * Staff act on a customer's payments only while impersonating that customer (X-Impersonate, permission
 * access:impersonate), and every such request leaves one audit row. Real OIDC staff tokens, not the
 * test helper's shortcut.
 */
let t: ListeningApp;
let agent: string;
let noPermissions: string;
let customer: { partyId: string; token: string };

beforeAll(async () => {
  t = await listeningApp();
  await createStaffUser(t.app.services.db, {
    email: 'agent@forecourt.example',
    permissions: ['access:impersonate'],
  });
  await createStaffUser(t.app.services.db, { email: 'finance@forecourt.example', permissions: ['finance'] });
  agent = (await signIn(t.app, 'agent@forecourt.example', 'forecourt-admin')).access_token;
  noPermissions = (await signIn(t.app, 'finance@forecourt.example', 'forecourt-admin')).access_token;
  const token = (await signIn(t.app, 'payer@example.com')).access_token;
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/policyholder',
    headers: { authorization: `Bearer ${token}` },
  });
  customer = { partyId: me.json().partyId, token };
});
afterAll(async () => t.close());

async function due() {
  return createCustomerPayment(t.app.services, {
    partyId: customer.partyId,
    purpose: 'bind',
    reference: 'FC-NO-PROPOSAL',
    amountPence: 4200,
    payerDateOfBirth: '1985-06-15',
  });
}

const moto = (token: string, paymentId: string, impersonate?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/moto/checkout',
    headers: { authorization: `Bearer ${token}`, ...(impersonate ? { 'x-impersonate': impersonate } : {}) },
    payload: {
      paymentId,
      itemName: 'Car insurance',
      token: 'tok_visa',
      postalCode: 'SW1A 1AA',
      dateOfBirth: '1985-06-15',
    },
  });

const status = async (id: string) =>
  (await rows(t, 'SELECT status FROM customer_payments WHERE id = $1', [id]))[0]?.status;
const audits = async (action: string) =>
  rows(t, 'SELECT customer_party_id, outcome_status FROM audit_log WHERE action = $1', [action]);

describe('staff phone payments (POST /api/stripe/moto/checkout)', () => {
  it('staff not impersonating anyone are refused, and the payment stays unpaid', async () => {
    const payment = await due();
    const res = await moto(agent, payment.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(await status(payment.id)).toBe('PENDING');
  });

  it('staff without access:impersonate are refused (403), even naming the customer', async () => {
    const payment = await due();
    const res = await moto(noPermissions, payment.id, customer.partyId);
    expect(res.statusCode, res.body).toBe(403);
    expect(await status(payment.id)).toBe('PENDING');
  });

  it("staff impersonating someone else cannot reach this customer's payment", async () => {
    const other = (await signIn(t.app, 'someone-else@example.com')).access_token;
    const otherParty = (
      await t.app.inject({
        method: 'GET',
        url: '/api/policyholder',
        headers: { authorization: `Bearer ${other}` },
      })
    ).json().partyId as string;
    const payment = await due();
    const res = await moto(agent, payment.id, otherParty);
    expect(res.statusCode, res.body).toBe(404);
    expect(await status(payment.id)).toBe('PENDING');
  });

  it('staff impersonating the customer with the permission settle it, and one audit row says so', async () => {
    const before = (await audits('POST /api/stripe/moto/checkout')).length;
    const payment = await due();
    const res = await moto(agent, payment.id, customer.partyId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(payment.id)).toBe('SETTLED');
    const after = await audits('POST /api/stripe/moto/checkout');
    expect(after.length - before).toBe(1);
    expect(after).toContainEqual({ customer_party_id: customer.partyId, outcome_status: 200 });
  });

  it('the payment day of an account: staff must impersonate too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/customerAccounts/00000000-0000-4000-8000-000000000000/paymentDay',
      headers: { authorization: `Bearer ${agent}` },
      payload: { paymentDay: 5 },
    });
    expect(res.statusCode, res.body).toBe(403);
  });
});
