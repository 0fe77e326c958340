import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PARTY_ID,
} from '../src/modules/identity/demo-identities.ts';
import { recordStaffAction } from '../src/modules/identity/index.ts';
import { signIn } from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let limited: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO_DATA: 'true' } });
  admin = (await signIn(t.app, 'admin@forecourt.example', 'forecourt-admin')).access_token;
  await createStaffUser(t.app.services.db, {
    email: 'claims@forecourt.example',
    permissions: ['action:mta-claims'],
  });
  limited = (await signIn(t.app, 'claims@forecourt.example', 'forecourt-admin')).access_token;
});
afterAll(async () => t.close());

const as = (token: string, impersonate?: string) => ({
  authorization: `Bearer ${token}`,
  ...(impersonate ? { 'x-impersonate': impersonate } : {}),
});

describe('admin impersonation and the audit log', () => {
  it('lists entries of the same millisecond in the order they were written, newest first', async () => {
    const customerPartyId = randomUUID();
    const at = new Date('2026-11-29T12:00:00.000Z');
    const caller = {
      kind: 'admin' as const,
      userId: 'audit-order',
      permissions: [],
      claims: { email: 'order@forecourt.example' },
      partyId: undefined,
    };
    for (const action of ['first', 'second', 'third', 'fourth'])
      await recordStaffAction(t.app.services.db, caller, { action, target: 'same ms', at, customerPartyId });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?customer=${customerPartyId}`,
      headers: as(admin),
    });
    expect(res.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'fourth',
      'third',
      'second',
      'first',
    ]);
  });

  it('the demo seed has an admin who may impersonate and a demo customer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: as(admin, DEMO_CUSTOMER_PARTY_ID),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO_CUSTOMER_EMAIL, firstName: 'Alex', lastName: 'Morgan' });
    const byEmail = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: as(admin, 'Demo@Forecourt.example'),
    });
    expect(byEmail.json().partyId).toBe(DEMO_CUSTOMER_PARTY_ID);
  });

  it('records each impersonated request: admin, customer, action, target, outcome and time', async () => {
    const before = Date.now();
    await t.app.inject({
      method: 'GET',
      url: '/api/proposals/NOPE-123',
      headers: as(admin, DEMO_CUSTOMER_PARTY_ID),
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/policyholder',
      headers: as(admin, DEMO_CUSTOMER_PARTY_ID),
      payload: { marketingPreferences: { email: false, phone: false, sms: false } },
    });
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: as(limited, DEMO_CUSTOMER_PARTY_ID),
    });
    expect(denied.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: as(admin, 'nobody@example.com'),
    });
    expect(unknown.statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=10', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Record<string, unknown>[];
    expect(entries.slice(0, 4)).toEqual([
      expect.objectContaining({
        adminEmail: 'admin@forecourt.example',
        customerPartyId: null,
        action: 'GET /api/policyholder',
        outcomeStatus: 404,
      }),
      expect.objectContaining({
        adminEmail: 'claims@forecourt.example',
        customerPartyId: null,
        outcomeStatus: 403,
      }),
      expect.objectContaining({
        adminEmail: 'admin@forecourt.example',
        customerPartyId: DEMO_CUSTOMER_PARTY_ID,
        action: 'PATCH /api/policyholder',
        target: '/api/policyholder',
        outcomeStatus: 200,
      }),
      expect.objectContaining({
        customerPartyId: DEMO_CUSTOMER_PARTY_ID,
        action: 'GET /api/proposals/:code',
        target: '/api/proposals/NOPE-123',
        outcomeStatus: 404,
      }),
    ]);
    expect(Date.parse(String(entries[0]?.createdAt))).toBeGreaterThanOrEqual(before - 1000);
    const forCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?customer=${DEMO_CUSTOMER_PARTY_ID}`,
      headers: as(admin),
    });
    expect(
      forCustomer
        .json()
        .entries.every((e: { customerPartyId: string }) => e.customerPartyId === DEMO_CUSTOMER_PARTY_ID),
    ).toBe(true);
  });

  it('cannot be changed: no API writes it and the database refuses updates and deletes', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/audit', headers: as(admin), payload: {} });
      expect(res.statusCode).toBe(404);
    }
    await expect(t.database.query('UPDATE audit_log SET outcome_status = 200')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('only staff who may impersonate read the audit log', async () => {
    const customer = (await signIn(t.app, DEMO_CUSTOMER_EMAIL)).access_token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: as(customer) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: as(limited) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/customers (the impersonation screen refuses an unknown customer)', () => {
  const lookup = (customer: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/customers?customer=${encodeURIComponent(customer)}`,
      headers,
    });

  it('finds a customer by party id or e-mail (any case), and answers 404 for an unknown one', async () => {
    const byId = await lookup(DEMO_CUSTOMER_PARTY_ID, as(admin));
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ partyId: DEMO_CUSTOMER_PARTY_ID, email: DEMO_CUSTOMER_EMAIL });
    expect((await lookup(' DEMO@forecourt.example ', as(admin))).json().partyId).toBe(DEMO_CUSTOMER_PARTY_ID);
    const unknown = await lookup('not-a-real-customer', as(admin));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await lookup('00000000-0000-4000-8000-000000000000', as(admin))).statusCode).toBe(404);
  });

  it('is for staff who may impersonate: 401 without a token, 403 for other staff and customers, 400 when empty', async () => {
    expect((await lookup(DEMO_CUSTOMER_PARTY_ID)).statusCode).toBe(401);
    expect((await lookup(DEMO_CUSTOMER_PARTY_ID, as(limited))).statusCode).toBe(403);
    const customer = (await signIn(t.app, DEMO_CUSTOMER_EMAIL)).access_token;
    expect((await lookup(DEMO_CUSTOMER_PARTY_ID, as(customer))).statusCode).toBe(403);
    const empty = await lookup('  ', as(admin));
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors)).toEqual(['customer']);
  });
});
