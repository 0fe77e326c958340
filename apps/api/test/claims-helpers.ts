import { expect } from 'vitest';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { ownerOf, settleFirstPaymentWithCard } from './checkout-helpers.ts';
import { signIn } from './helpers/identity-flow.ts';
import type { ListeningApp } from './payments-helpers.ts';
import { ratedProposal } from './proposals-helpers.ts';

/** Calls the API as the holder of `token` (or with none), optionally acting for a customer. */
export function caller(t: ListeningApp, token: string | undefined, impersonate?: string) {
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(impersonate ? { 'x-impersonate': impersonate } : {}),
  };
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { token: token ?? '', headers, call };
}

/**
 * A customer signed in by e-mail code who bought a policy (quote, verification, first payment, bind), with
 * cover that started `startedDaysAgo` days ago so a loss can be reported inside it.
 */
export async function customerWithPolicy(t: ListeningApp, email: string, startedDaysAgo = 10) {
  const token = (await signIn(t.app, email)).access_token;
  const me = { ...caller(t, token), headers: { authorization: `Bearer ${token}` } };
  const { code } = await ratedProposal(me);
  expect((await me.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  const partyId = await ownerOf(t, code);
  await settleFirstPaymentWithCard(t, me, code, partyId);
  const bound = await me.call('POST', `/api/proposals/${code}/bind`);
  expect(bound.statusCode).toBe(200);
  const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
  await t.database.query(
    `UPDATE policies SET status = 'ACTIVE', incepted_at = now() - make_interval(days => $2) WHERE id = $1`,
    [policyId, startedDaysAgo],
  );
  return { ...me, partyId, policyId, policyNumber, code };
}

/** A staff user of the embedded issuer with these permissions, signed in to the admin client. */
export async function staff(t: ListeningApp, email: string, permissions: string[]) {
  await createStaffUser(t.app.services.db, { email, permissions });
  return (await signIn(t.app, email, 'forecourt-admin')).access_token;
}

/** A tampered token: the same claims with one character of the signature changed. */
export function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

/** A theft reported (first notification of loss) an hour ago on the customer's policy; answers its reference. */
export async function reportTheft(who: Awaited<ReturnType<typeof customerWithPolicy>>): Promise<string> {
  const res = await who.call('POST', '/api/claims', {
    policyId: who.policyId,
    claimType: 'Theft',
    claimSubType: 'Contents',
    occurredAt: new Date(Date.now() - 3600_000).toISOString(),
    location: 'Station car park, Harrogate',
    description: 'The window was smashed and a bag taken.',
    witnesses: [],
    injuries: false,
  });
  expect(res.statusCode).toBe(201);
  return res.json().claimReference as string;
}
