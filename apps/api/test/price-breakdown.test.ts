import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Quote } from '@forecourt/contracts/proposals';
import { priceBreakdown } from '@forecourt/domain/rating/price';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOutbox } from '../src/lib/outbox.ts';
import { settleFirstPaymentWithCard, verifiedQuote } from './checkout-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

let t: ListeningApp;
const scratch = mkdtempSync(path.join(tmpdir(), 'forecourt-price-'));
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
/** '£1,234.56' or '-£12.34' in pence. */
const pence = (text: string) => {
  const n = Math.round(Number(text.replace(/[£,−-]/g, '')) * 100);
  return /^[−-]/.test(text) ? -n : n;
};

const quoteOf = async (code: string) =>
  (await rows(t, 'SELECT quote FROM proposals WHERE proposal_code = $1', [code]))[0]?.quote as Quote;

/** Binds a verified quote: pays what is due today by card (if anything) and keeps the card for the months. */
async function buy(promo?: string) {
  const { v, code, partyId } = await verifiedQuote(t, undefined, promo);
  const quote = await quoteOf(code);
  const prepared = (await v.call('POST', '/api/customerAccounts', { proposalCode: code })).json();
  if (prepared.amountDueToday > 0) await settleFirstPaymentWithCard(t, v, code, partyId);
  else
    await t.database.query(
      `INSERT INTO payment_methods (id, party_id, type, provider, provider_reference, display, card_brand, card_last4)
       VALUES (gen_random_uuid(), $1, 'CARD', 'sandbox', $2, 'VISA •••• 4242', 'visa', '4242')`,
      [partyId, `pm_${code}`],
    );
  const bound = await v.call('POST', `/api/proposals/${code}/bind`);
  expect(bound.statusCode, bound.body).toBe(200);
  const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
  return { v, code, quote, prepared, policyId, policyNumber };
}

/** The year's price rows ('label: £x') of a text: the lines, premium before tax, IPT and total. */
function priceRowsOf(text: string) {
  const amount = (label: string) => {
    const m = new RegExp(`${label}:? (-?£[\\d,]+\\.\\d\\d)`).exec(text);
    if (!m?.[1]) throw new Error(`no "${label}" in ${text}`);
    return pence(m[1]);
  };
  return {
    lines: [
      amount('Comprehensive cover'),
      ...(/Promotion/.test(text) ? [amount('Promotion \\w+: first \\d+ months free')] : []),
    ],
    net: amount('Premium excluding Insurance Premium Tax'),
    ipt: amount('Insurance Premium Tax at 12%'),
    total: amount('Total premium for the year'),
  };
}

describe('one price breakdown at checkout, in the e-mail and on the schedule (issue 10 item 3)', () => {
  it('HC3M: nothing due today, the free months stated, the figures add up and agree everywhere', async () => {
    const { v, quote, prepared, policyId, policyNumber } = await buy('HC3M');
    const b = priceBreakdown(quote)!;
    expect(b.freeMonths).toBe(3);
    // Checkout charges what the breakdown says is due today.
    expect(prepared.amountDueToday).toBe(b.dueToday);
    expect(b.dueToday).toBe(0);

    const { mail, storage } = t.app.services.providers;
    await dispatchOutbox(t.app.services.db, mail, t.clock.now(), storage);
    const [row] = await rows(t, "SELECT body FROM outbox WHERE channel = 'email' AND subject LIKE $1", [
      `%${policyNumber}`,
    ]);
    const body = String(row?.body).replace(/\s+/g, ' ');
    expect(body).toContain('Your first 3 months are free');
    expect(body).toContain(`9 monthly payments of ${gbp(b.monthly!.regular)}`);
    const mailed = priceRowsOf(body);

    const schedule = await v.call('GET', `/api/documents/policy/${policyId}/policy-schedule`);
    expect(schedule.statusCode).toBe(200);
    const file = path.join(scratch, `${policyNumber}.pdf`);
    writeFileSync(file, schedule.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Your first 3 months are free');
    expect(text).toContain(`9 monthly payments of ${gbp(b.monthly!.regular)}`);
    const printed = priceRowsOf(text);

    for (const figures of [mailed, printed]) {
      expect(figures).toEqual({
        lines: b.lines.filter((l) => l.coverGroup !== 'OPTIONAL').map((l) => l.gross),
        net: b.net,
        ipt: b.ipt,
        total: b.total,
      });
      expect(figures.net + figures.ipt).toBe(figures.total);
    }
    // The tax is on the discounted premium, not the undiscounted one.
    expect(b.ipt).toBe(Math.round(b.net * 0.12));
    expect(b.ipt).toBeLessThan(quote.totals!.ipt);
  });

  it('the saved-quote e-mail gives the price after the free months', async () => {
    const { v, code } = await verifiedQuote(t, undefined, 'HC3M');
    const b = priceBreakdown(await quoteOf(code))!;
    const res = await v.call('POST', `/api/proposals/${code}/retain`, { email: 'sam@example.com' });
    expect(res.statusCode).toBe(202);
    const [mail] = await rows(t, "SELECT body FROM outbox WHERE payload->>'proposalCode' = $1", [code]);
    expect(String(mail?.body)).toContain(
      `Your price was ${gbp(b.monthly!.regular)} a month (${gbp(b.total)} a year), including Insurance Premium Tax. Your first 3 months are free.`,
    );
  });

  it('without a promotion the first month is due today and is what checkout takes', async () => {
    const { quote, prepared } = await buy();
    const b = priceBreakdown(quote)!;
    expect(b.dueToday).toBe(b.monthly!.first);
    expect(prepared.amountDueToday).toBe(b.dueToday);
  });
});
