/**
 * The oracle sees what it is there to see (docs/simulation.md): a life the oracle passes, run again with a fault
 * planted in its data, must show the breach the fault makes. Here R6's "none after the end" (an invoice line for
 * days after a cancellation, posted after it was asked for, as a billing run that ignored the end would post),
 * and R6's money (charged − refunded + owed against the premium for the days on cover), both ways, an ended
 * policy's credit kept with no refund on its way (credit-kept), a card dispute the ledger forgot
 * (dispute-unrecorded, ADR 392), and a failed card refund taken for paid (refund-failure-unrecorded, ADR 406).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runLife } from '../src/simulation/life.ts';
import type { LifePlan } from '../src/simulation/plan.ts';
import { worldPool } from '../src/simulation/simulate.ts';
import type { World } from '../src/simulation/world.ts';

const DAY = 86_400_000;

/** A monthly policy paid by card, cancelled by the customer at once on day 20, lived for 40 days. */
const plan: LifePlan = {
  seed: 1,
  buy: {
    kind: 'buy',
    brand: 'forecourt',
    schemeCode: 'FCMOTOR1',
    product: 'SUBSCRIPTION',
    at: '2027-03-10T10:00:00.000Z',
    startInDays: 0,
    cardToken: 'tok_visa',
    paidBy: 'card',
  },
  ops: [{ kind: 'cancel', day: 20, inDays: 0 }],
  days: 40,
};

/**
 * Posts a copy of the policy's last regular invoice line for `days` days from `from` (its last line's end when
 * left out), dated `at`: a month billed by a run that did not see the cover had ended, or days billed twice.
 */
async function billAgain(w: World, at: Date, o: { from?: Date; days: number }) {
  const inserted = await w.database.query(
    `INSERT INTO statement_line_items (id, statement_id, account_id, type, status, amount_pence, description_key,
        description_value, service_period_start, service_period_end, payment_method_description, sub_type,
        customer_payment_id, ipt_pence, effective_at, created_at)
     SELECT gen_random_uuid(), statement_id, account_id, type, 'POSTED', amount_pence, description_key,
        description_value, s, s + make_interval(days => $3::int), payment_method_description, sub_type, NULL,
        ipt_pence, $1::timestamptz, $1::timestamptz
       FROM (SELECT *, coalesce($2::timestamptz, service_period_end) AS s FROM statement_line_items
              WHERE type = 'invoice' AND sub_type IS NULL AND status <> 'FAILED' AND service_period_start IS NOT NULL
              ORDER BY service_period_start DESC LIMIT 1) AS last
     RETURNING id`,
    [at.toISOString(), o.from?.toISOString() ?? null, o.days],
  );
  expect(inserted.rows).toHaveLength(1);
}

/** Posts a debit (or, negative, a credit) journal of `pence` on the policy's account, for no days of cover. */
async function postAmount(w: World, at: Date, pence: number) {
  const inserted = await w.database.query(
    `INSERT INTO statement_line_items (id, statement_id, account_id, type, status, amount_pence, description_key,
        effective_at, created_at)
     SELECT gen_random_uuid(), statement_id, account_id, $3, 'POSTED', $2, description_key, $1::timestamptz,
        $1::timestamptz
       FROM statement_line_items
      WHERE type = 'invoice' AND sub_type IS NULL AND status <> 'FAILED' AND service_period_start IS NOT NULL
      ORDER BY service_period_start DESC LIMIT 1
     RETURNING id`,
    [at.toISOString(), pence, pence > 0 ? 'debit_journal' : 'credit_journal'],
  );
  expect(inserted.rows).toHaveLength(1);
}

/**
 * The same policy bought with a card whose refunds fail a working day after they are made (ADR 406), cancelled at
 * once on day 20 (Tuesday 30 March 2027): its refund fails on day 21.
 */
const refundFails: LifePlan = { ...plan, buy: { ...plan.buy, cardToken: 'tok_refundFail' }, days: 30 };

/** The same policy, its first payment disputed on day 10 and the dispute not decided, lived for 30 days. */
const disputed: LifePlan = { ...plan, ops: [{ kind: 'dispute', day: 10 }], days: 30 };

describe('the oracle, with a fault planted in a life it passes', () => {
  const pool = worldPool();
  afterAll(() => pool.close());

  it('the life as the product lives it: no breach', { timeout: 120_000 }, async () => {
    const r = await runLife(pool.get, plan);
    expect(r.error).toBeUndefined();
    expect(r.breaches).toEqual([]);
  });

  it('the next month billed after the cancellation, posted after it: billed-after-end, that day', {
    timeout: 120_000,
  }, async () => {
    const r = await runLife(pool.get, plan, true, async (w, at, day) => {
      if (day === 25) await billAgain(w, at, { days: 30 });
    });
    expect(r.error).toBeUndefined();
    const found = r.breaches.filter((b) => b.kind === 'billed-after-end');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.day).toBe(25);
    // It starts where the last line ended: no day is billed twice.
    expect(r.breaches.map((b) => b.kind)).not.toContain('tiling-overlap');
  });

  it('days before the cancellation billed again, posted after it: an overlap, not billed-after-end', {
    timeout: 120_000,
  }, async () => {
    const r = await runLife(pool.get, plan, true, async (w, at, day) => {
      if (day === 25) await billAgain(w, at, { from: new Date(at.getTime() - 20 * DAY), days: 10 });
    });
    expect(r.error).toBeUndefined();
    expect(r.breaches.map((b) => b.kind)).not.toContain('billed-after-end');
    expect(r.breaches.map((b) => b.kind)).toContain('tiling-overlap');
  });

  it.each([
    // The life alone is within a penny of the premium, in the customer's favour: so £5 more is 499–500p over.
    [
      '£5 owed that no day of cover explains: overcharge, about 500p over',
      500,
      'overcharge',
      /\((499\.\d\d|500\.00)p over\)/,
    ],
    [
      '£5 given back that the days on cover did not earn: undercharge',
      -500,
      'undercharge',
      /\((50\d\.\d\d)p short\)/,
    ],
  ] as const)('%s', { timeout: 120_000 }, async (_what, pence, kind, figures) => {
    const r = await runLife(pool.get, plan, true, async (w, at, day) => {
      if (day === 25) await postAmount(w, at, pence);
    });
    expect(r.error).toBeUndefined();
    const found = r.breaches.filter((b) => b.kind === kind);
    expect(found[0]?.day).toBe(25);
    expect(found[0]?.message).toMatch(figures);
    // Every check after it sees it too, and nothing before it broke.
    expect(r.breaches.filter((b) => b.day < 25)).toEqual([]);
  });

  it("£5 of the customer's money kept after the end, with no refund on its way: credit-kept, at the end", {
    timeout: 120_000,
  }, async () => {
    const r = await runLife(pool.get, plan, true, async (w, at, day) => {
      if (day !== 25) return;
      // A credit the hourly job cannot see (no final statement to pay it from), as a product that forgot it would.
      await postAmount(w, at, -500);
      await w.database.query("UPDATE statements SET final = false WHERE kind = 'cancellation'");
    });
    expect(r.error).toBeUndefined();
    const found = r.breaches.filter((b) => b.kind === 'credit-kept');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/CANCELLED, and £?5\.00 of the customer's money is held/);
  });

  it('a card dispute whose reversal the ledger forgot: dispute-unrecorded and the money short, that day', {
    timeout: 120_000,
  }, async () => {
    const lived = await runLife(pool.get, disputed);
    expect(lived.error).toBeUndefined();
    expect(lived.breaches).toEqual([]);
    const r = await runLife(pool.get, disputed, true, async (w, _at, day) => {
      if (day !== 10) return;
      const forgot = await w.database.query(
        "DELETE FROM statement_line_items WHERE type = 'payment_reversal' RETURNING id",
      );
      expect(forgot.rows).toHaveLength(1);
    });
    expect(r.error).toBeUndefined();
    const found = r.breaches.filter((b) => b.kind === 'dispute-unrecorded');
    expect(found[0]?.day).toBe(10);
    expect(found[0]?.message).toMatch(
      /the card issuer took back .* on a dispute with no reversed payment and reversal line/,
    );
    // Charged less refunded plus owed leaves the month's premium unpaid: R6 sees it as well, apart.
    expect(r.breaches.find((b) => b.kind === 'undercharge')?.day).toBe(10);
    expect(r.breaches.filter((b) => b.day < 10)).toEqual([]);
  });

  it('a failed card refund the app took for paid: refund-failure-unrecorded, that day, where no money check can see it', {
    timeout: 120_000,
  }, async () => {
    const lived = await runLife(pool.get, refundFails);
    expect(lived.error).toBeUndefined();
    expect(lived.breaches).toEqual([]);
    const r = await runLife(pool.get, refundFails, true, async (w) => {
      // As an app that did not listen for charge.refund.updated would leave it: the refund paid, no reversal.
      await w.database.query("UPDATE payment_refunds SET status = 'paid' WHERE status = 'failed'");
      await w.database.query("DELETE FROM statement_line_items WHERE type = 'refund_reversal'");
    });
    expect(r.error).toBeUndefined();
    const found = r.breaches.filter((b) => b.kind === 'refund-failure-unrecorded');
    expect(found[0]?.day).toBe(21);
    expect(found[0]?.message).toMatch(
      /a card refund of .* failed at the card provider, and the app holds it as paid/,
    );
    // Taken for paid with no reversal, the money adds up (R6, R7): only the provider's side tells.
    expect(r.breaches.map((b) => b.kind).filter((k) => k !== 'refund-failure-unrecorded')).toEqual([]);
  });
});
