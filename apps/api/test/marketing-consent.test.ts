import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signIn, signInWithTicket } from './helpers/identity-flow.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

/** PECR / UK GDPR: marketing needs an affirmative choice, so every default is "no" (ADR 146). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const headers = (token: string) => ({ authorization: `Bearer ${token}` });
const OFF = { email: false, phone: false, sms: false };

/** Every object of a JSON tree whose `id` is `id`. */
function withId(value: unknown, id: string, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) withId(v, id, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.id === id) out.push(o);
    for (const v of Object.values(o)) withId(v, id, out);
  }
  return out;
}

/** Registers the proposal's policyholder with the code sent to their e-mail (ADR 120); the customer's token. */
async function register(token: string, code: string, email: string): Promise<string> {
  const url = `/api/proposals/${code}/account`;
  const sent = await t.app.inject({ method: 'POST', url, headers: headers(token) });
  expect(sent.statusCode).toBe(202);
  const otp = await latestCode(t.app, email, 'account-code');
  const registered = await t.app.inject({
    method: 'POST',
    url,
    headers: headers(token),
    payload: { code: otp },
  });
  expect(registered.statusCode).toBe(200);
  const tokens = await signInWithTicket(t.app, registered.json().signInTicket as string);
  return tokens.access_token;
}

describe('marketing consent defaults to off', () => {
  it('the quote form question defaults every channel to off', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    const questions = withId(config.productConfig, 'marketingPreferences');
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q.defaultValue).toEqual(OFF);
  });

  it('an account registered from a proposal that never answered the question has no marketing', async () => {
    const token = await anonymousToken(t.app);
    const data = sampleProposalData(todayInLondon(new Date()));
    const holder = data.profiles[0]!.data as Record<string, unknown>;
    holder.email = 'quiet.one@example.com';
    delete holder.marketingPreferences;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: headers(token),
      payload: { schemeCode: 'FCMOTOR1', data },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().proposalCode as string;
    const customer = await register(token, code, 'quiet.one@example.com');
    const me = await t.app.inject({ url: '/api/policyholder', headers: headers(customer) });
    expect(me.json().marketingPreferences).toEqual(OFF);
  });

  it('a channel the proposal left unanswered stays off', async () => {
    const token = await anonymousToken(t.app);
    const data = sampleProposalData(todayInLondon(new Date()));
    const holder = data.profiles[0]!.data as Record<string, unknown>;
    holder.email = 'email.only@example.com';
    holder.marketingPreferences = { email: true };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: headers(token),
      payload: { schemeCode: 'FCMOTOR1', data },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().proposalCode as string;
    const customer = await register(token, code, 'email.only@example.com');
    const me = await t.app.inject({ url: '/api/policyholder', headers: headers(customer) });
    expect(me.json().marketingPreferences).toEqual({ email: true, phone: false, sms: false });
  });

  it('a customer who signs in for the first time has no marketing', async () => {
    const tokens = await signIn(t.app, 'first.timer@example.com');
    const me = await t.app.inject({ url: '/api/policyholder', headers: headers(tokens.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().marketingPreferences).toEqual(OFF);
  });
});
