import { expect } from 'vitest';
import type { BuildOptions } from '../src/app.ts';
import { api, type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
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
export async function billingApp(start: string, options: BuildOptions = {}): Promise<BillingApp> {
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
export async function buySubscription(t: BillingApp, startDate: string, token = 'tok_visa') {
  const v = await visitor(t.app);
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
