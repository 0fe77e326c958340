import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { latestCode, signIn, signInWithTicket } from './helpers/identity-flow.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

/** A visitor with a quote whose policyholder has this e-mail. */
async function visitorWithQuote(email: string, firstName = 'Sam') {
  const token = await anonymousToken(t.app);
  const data = sampleProposalData(todayInLondon(new Date()));
  const holder = data.profiles[0]!.data as Record<string, unknown>;
  holder.email = email;
  holder.firstName = firstName;
  holder.marketingPreferences = { email: true, phone: false, sms: true };
  const created = await call(t.app, token, 'POST', '/api/proposals', { schemeCode: 'FCMOTOR1', data });
  expect(created.statusCode).toBe(201);
  return { token, code: created.json().proposalCode as string };
}

describe('account set-up from a proposal', () => {
  it('sends a code, registers only with it, and the visitor continues signed in, not anonymously', async () => {
    const v = await visitorWithQuote('pat.new@example.com', 'Pat');
    const valid = await call(t.app, v.token, 'POST', '/api/policyholder/validateAccount', { source: v.code });
    expect(valid.json()).toEqual({ validationStatus: 'OK' });
    expect((await call(t.app, v.token, 'GET', '/api/policyholder')).statusCode).toBe(404);

    const sent = await call(t.app, v.token, 'POST', `/api/proposals/${v.code}/account`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ status: 'CODE_SENT', email: 'pat.new@example.com', expiresIn: 600 });
    // Nothing is registered before the code is entered.
    expect((await call(t.app, v.token, 'GET', '/api/policyholder')).statusCode).toBe(404);
    const code = await latestCode(t.app, 'pat.new@example.com', 'account-code');
    const registered = await call(t.app, v.token, 'POST', `/api/proposals/${v.code}/account`, { code });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({
      status: 'REGISTERED',
      accountRegistered: true,
      email: 'pat.new@example.com',
    });
    // The party now has a verified identity: the anonymous token reaches nothing, and cannot be refreshed.
    expect((await call(t.app, v.token, 'GET', '/api/policyholder')).statusCode).toBe(401);
    expect((await call(t.app, v.token, 'POST', '/api/session')).statusCode).toBe(401);

    // The one-use ticket signs the visitor in without a second code, into the same party and quote.
    const ticket = registered.json().signInTicket as string;
    const tokens = await signInWithTicket(t.app, ticket);
    const me = await call(t.app, tokens.access_token, 'GET', '/api/policyholder');
    expect(me.json()).toMatchObject({
      accountRegistered: true,
      email: 'pat.new@example.com',
      firstName: 'Pat',
      marketingPreferences: { email: true, phone: false, sms: true },
    });
    expect((await call(t.app, tokens.access_token, 'GET', `/api/proposals/${v.code}`)).statusCode).toBe(200);
    await expect(signInWithTicket(t.app, ticket)).rejects.toThrow(/ticket refused/);
    // Registering again changes nothing; the welcome e-mail went once.
    const again = await call(t.app, tokens.access_token, 'POST', `/api/proposals/${v.code}/account`);
    expect(again.statusCode).toBe(200);
    const mails = await t.database.query(
      "SELECT 1 FROM outbox WHERE recipient = $1 AND payload->>'kind' = 'account-created'",
      ['pat.new@example.com'],
    );
    expect(mails.rows).toHaveLength(1);

    // Signing in later by code lands in the same account.
    const later = await signIn(t.app, 'pat.new@example.com');
    const meLater = await call(t.app, later.access_token, 'GET', '/api/policyholder');
    expect(meLater.json().partyId).toBe(me.json().partyId);
  });

  it('answers an e-mail that already has an account exactly as any other, and tells its owner instead', async () => {
    const fresh = await visitorWithQuote('nobody.yet@example.com');
    const v = await visitorWithQuote('Demo.Conflict@example.com');
    await signIn(t.app, 'demo.conflict@example.com');
    const valid = await call(t.app, v.token, 'POST', '/api/policyholder/validateAccount', { source: v.code });
    expect(valid.json()).toEqual({ validationStatus: 'OK' });
    const register = await call(t.app, v.token, 'POST', `/api/proposals/${v.code}/account`);
    const freshRegister = await call(t.app, fresh.token, 'POST', `/api/proposals/${fresh.code}/account`);
    expect(register.statusCode).toBe(freshRegister.statusCode);
    expect(Object.keys(register.json())).toEqual(Object.keys(freshRegister.json()));
    const kinds = await t.database.query(
      "SELECT payload->>'kind' AS kind FROM outbox WHERE recipient = 'demo.conflict@example.com' ORDER BY created_at",
    );
    expect(kinds.rows.map((r) => (r as { kind: string }).kind)).toEqual(['sign-in-code', 'account-exists']);
    // No code was sent for it, so none completes it.
    for (const code of ['000000', '123456']) {
      const done = await call(t.app, v.token, 'POST', `/api/proposals/${v.code}/account`, { code });
      expect(done.statusCode).toBe(400);
    }
    expect((await call(t.app, v.token, 'GET', `/api/proposals/${v.code}`)).statusCode).toBe(200);
  });

  it('rejects bad input with field errors and hides other visitors’ proposals', async () => {
    const v = await visitorWithQuote('someone@example.com');
    const other = await anonymousToken(t.app);
    const bad = await call(t.app, v.token, 'POST', '/api/policyholder/validateAccount', { source: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('source');
    const badEmail = await call(t.app, v.token, 'POST', '/api/policyholder/validateAccount', {
      source: v.code,
      email: 'nope',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fieldErrors).toHaveProperty('email');
    expect(
      (await call(t.app, other, 'POST', '/api/policyholder/validateAccount', { source: v.code })).statusCode,
    ).toBe(404);
    expect((await call(t.app, other, 'POST', `/api/proposals/${v.code}/account`)).statusCode).toBe(404);
    expect((await call(t.app, undefined, 'POST', `/api/proposals/${v.code}/account`)).statusCode).toBe(401);
  });
});

describe('POST /api/proposals/merge', () => {
  it('moves a visitor’s quotes into the account they sign in to, once', async () => {
    const v = await visitorWithQuote('merge.me@example.com');
    const tokens = await signIn(t.app, 'merge.me@example.com');
    const merged = await call(t.app, tokens.access_token, 'POST', '/api/proposals/merge', {
      proposalCode: v.code,
      sourceAccessToken: v.token,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ proposalCode: v.code, mergedProposals: 1 });
    expect((await call(t.app, tokens.access_token, 'GET', `/api/proposals/${v.code}`)).statusCode).toBe(200);
    expect((await call(t.app, v.token, 'GET', `/api/proposals/${v.code}`)).statusCode).toBe(404);
    // Names missing on the new account are taken from the quote.
    expect((await call(t.app, tokens.access_token, 'GET', '/api/policyholder')).json().firstName).toBe('Sam');
    const again = await call(t.app, tokens.access_token, 'POST', '/api/proposals/merge', {
      proposalCode: v.code,
      sourceAccessToken: v.token,
    });
    expect(again.json()).toEqual({ proposalCode: v.code, mergedProposals: 0 });
  });

  it('needs a signed-in customer, a valid visitor token and a proposal of that visitor', async () => {
    const v = await visitorWithQuote('merge.other@example.com');
    const stranger = await signIn(t.app, 'stranger@example.com');
    const otherVisitor = await anonymousToken(t.app);
    const asVisitor = await call(t.app, v.token, 'POST', '/api/proposals/merge', {
      proposalCode: v.code,
      sourceAccessToken: v.token,
    });
    expect(asVisitor.statusCode).toBe(401);
    const forged = await call(t.app, stranger.access_token, 'POST', '/api/proposals/merge', {
      proposalCode: v.code,
      sourceAccessToken: `${v.token}x`,
    });
    expect(forged.statusCode).toBe(400);
    const wrongVisitor = await call(t.app, stranger.access_token, 'POST', '/api/proposals/merge', {
      proposalCode: v.code,
      sourceAccessToken: otherVisitor,
    });
    expect(wrongVisitor.statusCode).toBe(404);
    expect((await call(t.app, v.token, 'GET', `/api/proposals/${v.code}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/policyholder', () => {
  it('changes only what changed, validates, and never completes a change to an e-mail someone else uses', async () => {
    const a = await signIn(t.app, 'alice@example.com');
    await signIn(t.app, 'bob@example.com');
    const patch = (payload: object, token = a.access_token) =>
      call(t.app, token, 'PATCH', '/api/policyholder', payload);
    const prefs = await patch({ marketingPreferences: { email: false, phone: true, sms: true } });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json()).toMatchObject({ marketingPreferences: { email: false, phone: true, sms: true } });
    // A landline is a contact number only: saved at once, never a sign-in identity.
    const landline = await patch({ phoneNumber: '+442079460000' });
    expect(landline.statusCode).toBe(200);
    expect(landline.json().phoneNumber).toBe('+442079460000');
    // A mobile signs in by SMS: it needs the code sent to it.
    const mobile = await patch({ phoneNumber: '+447700900111' });
    expect(mobile.statusCode).toBe(202);
    expect(mobile.json()).toEqual({
      status: 'VERIFICATION_REQUIRED',
      setting: 'phoneNumber',
      channel: 'sms',
      destination: '+447700900111',
    });
    const smsCode = await latestCode(t.app, '+447700900111', 'change-code');
    const mobileDone = await patch({ phoneNumber: '+447700900111', code: smsCode });
    expect(mobileDone.statusCode).toBe(200);
    expect(mobileDone.json().phoneNumber).toBe('+447700900111');

    const bad = await patch({ phoneNumber: '01234', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'phoneNumber']);
    // Issue 27 §9 (docs/SECURITY.md rule 10): an address with an account is answered as one without, 202;
    // its owner gets a note, not a code, so the change can never complete.
    const taken = await patch({ email: 'BOB@example.com' });
    const free = await patch({ email: 'nobody.yet@example.com' });
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json()).toMatchObject({
      status: 'VERIFICATION_REQUIRED',
      setting: 'email',
      channel: 'email',
    });
    const note = await t.database.query(
      "SELECT payload->>'kind' AS kind, body FROM outbox WHERE recipient = 'bob@example.com' ORDER BY created_at DESC LIMIT 1",
    );
    expect(note.rows[0]).toMatchObject({ kind: 'identity-taken' });
    expect(JSON.stringify(note.rows)).not.toMatch(/\b\d{6}\b/);
    for (const guess of ['000000', '123456']) {
      const refused = await patch({ email: 'bob@example.com', code: guess });
      expect(refused.statusCode).toBe(400);
    }
    expect((await call(t.app, a.access_token, 'GET', '/api/policyholder')).json().email).not.toBe(
      'bob@example.com',
    );
    const asked = await patch({ email: 'alice.new@example.com' });
    expect(asked.statusCode).toBe(202);
    const code = await latestCode(t.app, 'alice.new@example.com', 'change-code');
    const moved = await patch({ email: 'alice.new@example.com', code });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe('alice.new@example.com');
    // The old address is told.
    const told = await t.database.query(
      "SELECT 1 FROM outbox WHERE recipient = 'alice@example.com' AND payload->>'kind' = 'identity-changed' AND payload->>'setting' = 'email'",
    );
    expect(told.rows).toHaveLength(1);
    // The sign-in address moved too: a code to the new address signs in to the same account.
    const again = await signIn(t.app, 'alice.new@example.com');
    expect((await call(t.app, again.access_token, 'GET', '/api/policyholder')).json().partyId).toBe(
      moved.json().partyId,
    );
  });

  it('an impersonating admin may change preferences but not the sign-in e-mail', async () => {
    const c = await signIn(t.app, 'carol@example.com');
    const party = (await call(t.app, c.access_token, 'GET', '/api/policyholder')).json().partyId as string;
    await createStaffUser(t.app.services.db, {
      email: 'helper@forecourt.example',
      permissions: ['access:impersonate'],
    });
    const admin = await signIn(t.app, 'helper@forecourt.example', 'forecourt-admin');
    const headers = { ...bearer(admin.access_token), 'x-impersonate': party };
    const prefs = await t.app.inject({
      method: 'PATCH',
      url: '/api/policyholder',
      headers,
      payload: { marketingPreferences: { email: false, phone: false, sms: false } },
    });
    expect(prefs.statusCode).toBe(200);
    const email = await t.app.inject({
      method: 'PATCH',
      url: '/api/policyholder',
      headers,
      payload: { email: 'x@example.com' },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().message).toBe('You are not authorised to perform this action.');
  });
});
