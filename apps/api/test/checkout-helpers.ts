import { expect } from 'vitest';
import { type ListeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

/** A rated quote whose verification came back clear, with the party that owns it. */
export async function verifiedQuote(
  t: ListeningApp,
  mutate?: Parameters<typeof ratedProposal>[1],
  promo?: string,
) {
  const v = await visitor(t.app);
  const { code } = await ratedProposal(v, mutate, promo);
  expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  return { v, code, partyId: await ownerOf(t, code) };
}

export async function ownerOf(t: ListeningApp, code: string): Promise<string> {
  return String(
    (await rows(t, 'SELECT party_id FROM proposals WHERE proposal_code = $1', [code]))[0]?.party_id,
  );
}

/** The first payment taken and a card on file, as the card webhook would leave them; returns the payment id. */
export async function settleFirstPaymentWithCard(t: ListeningApp, v: Visitor, code: string, partyId: string) {
  const due = (await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code })).json();
  // A free first month (a promotion) leaves nothing to pay today: only the card is saved.
  if (due.paymentId)
    await t.database.query(
      "UPDATE customer_payments SET status = 'SETTLED', settled_at = now() WHERE id = $1",
      [due.paymentId],
    );
  await t.database.query(
    `INSERT INTO payment_methods (id, party_id, type, provider, provider_reference, display, card_brand, card_last4)
     VALUES (gen_random_uuid(), $1, 'CARD', 'sandbox', $2, 'VISA •••• 4242', 'visa', '4242')`,
    [partyId, `pm_${code}`],
  );
  return due.paymentId as string;
}
