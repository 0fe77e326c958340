import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotent, purgeIdempotencyKeys } from '../src/lib/idempotency.ts';
import { settleFirstPaymentWithCard, verifiedQuote } from './checkout-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const count = async (sql: string, values: unknown[]) => Number((await rows(t, sql, values))[0]?.n);

const bind = (v: Visitor, code: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/proposals/${code}/bind`,
    headers: { ...v.headers, 'idempotency-key': key },
  });

describe('Idempotency-Key', () => {
  it('bind retried 10 times at once with one key runs once: one policy, account and payment, one policy number', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    const paymentId = await settleFirstPaymentWithCard(t, v, code, partyId);
    const results = await Promise.all(Array.from({ length: 10 }, () => bind(v, code, `k-${code}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const numbers = new Set(results.map((r) => r.json().policyNumber));
    expect(numbers.size).toBe(1);
    const [policyNumber] = [...numbers];
    expect(policyNumber).toMatch(/^FCM\d{13}$/);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await count('SELECT count(*) AS n FROM policies WHERE proposal_code = $1', [code])).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM customer_accounts WHERE account_code = $1', [policyNumber]),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM statement_line_items WHERE type = 'payment' AND customer_payment_id = $1",
        [paymentId],
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE payload->>'policyNumber' = $1 AND channel = 'event'",
        [policyNumber],
      ),
    ).toBe(1);
    const later = await bind(v, code, `k-${code}`);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json().policyNumber).toBe(policyNumber);
  });

  it('a failed request releases its key: unpaid bind is 402, then the same key binds once paid', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    const early = await bind(v, code, `k2-${code}`);
    expect(early.statusCode).toBe(402);
    await settleFirstPaymentWithCard(t, v, code, partyId);
    const ok = await bind(v, code, `k2-${code}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('the same key with a different request is 422; a bad key is 400', async () => {
    const v = await visitor(t.app);
    const a = await ratedProposal(v);
    const b = await ratedProposal(v);
    await v.call('PUT' as 'POST', `/api/proposals/${a.code}/verify`);
    await v.call('PUT' as 'POST', `/api/proposals/${b.code}/verify`);
    const pay = (code: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customerPayments/checkout/bind',
        headers: { ...v.headers, 'idempotency-key': key },
        payload: { proposalCode: code },
      });
    const first = await pay(a.code, 'pay-1');
    expect(first.statusCode).toBe(200);
    const again = await pay(a.code, 'pay-1');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await pay(b.code, 'pay-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toContain('already used for a different request');
    const bad = await pay(b.code, 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('idempotency-key');
  });

  it('concurrent account set-up with one key makes one customer payment', async () => {
    const { v, code } = await verifiedQuote(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/customerAccounts',
          headers: { ...v.headers, 'idempotency-key': `acc-${code}` },
          payload: { proposalCode: code },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.json().customerPayment.paymentId)).size).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM customer_payments WHERE reference = $1 AND purpose = 'bind'", [
        code,
      ]),
    ).toBe(1);
  });

  it('keys are per party and per operation; an abandoned key is taken over; keys go after a day', async () => {
    const partyId = (await rows(t, 'SELECT gen_random_uuid()::text AS id'))[0]?.id as string;
    const call = (operation: string, key: string) => ({
      db: t.app.services.db,
      clock: t.clock,
      key,
      partyId,
      operation,
      request: { x: 1 },
    });
    let runs = 0;
    const run = async () => ({ run: ++runs });
    expect((await idempotent(call('a', 'k'), run)).body).toEqual({ run: 1 });
    expect((await idempotent(call('a', 'k'), run)).body).toEqual({ run: 1 });
    expect((await idempotent(call('b', 'k'), run)).body).toEqual({ run: 2 });
    await t.database.query(
      `INSERT INTO idempotency_keys (key, party_id, operation, request_hash, created_at)
       SELECT 'stuck', $1, 'a', request_hash, now() - interval '3 minutes' FROM idempotency_keys
       WHERE party_id = $1 AND operation = 'a'`,
      [partyId],
    );
    expect((await idempotent(call('a', 'stuck'), run)).body).toEqual({ run: 3 });

    // After a day the keys are purged, and the same key runs again.
    const dayLater = new Date(t.clock.now().getTime() + 25 * 3600_000);
    expect(await purgeIdempotencyKeys(t.app.services.db, dayLater)).toBeGreaterThanOrEqual(3);
    expect((await idempotent(call('a', 'k'), run)).body).toEqual({ run: 4 });
  });
});
