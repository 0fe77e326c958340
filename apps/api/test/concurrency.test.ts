import { randomUUID } from 'node:crypto';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../src/modules/identity/issuer-key.ts';
import { settleFirstPaymentWithCard, verifiedQuote } from './checkout-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

// Concurrency (issue 9, "make it stay fixed"): ten identical requests at once have exactly one effect, and the
// rate limiters hold when the requests arrive together. On PGlite (npm run test:unit) the database serialises
// everything; on PostgreSQL (npm run test:postgres, DATABASE_URL) the requests really race, over real HTTP.

const N = 10;
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
  // Staff with every permission, acting for the party named in the token (as an impersonating admin).
  t.app.tokenVerifiers.unshift(async (token) =>
    token.startsWith('conc-staff:')
      ? {
          kind: 'admin',
          userId: 'conc-staff',
          permissions: [...ADMIN_PERMISSIONS],
          claims: {},
          partyId: token.slice('conc-staff:'.length),
        }
      : null,
  );
}, 120_000);
afterAll(async () => t?.close());

/** One request over HTTP with its own Idempotency-Key (ten different clicks, not one retried). */
async function http(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${t.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const count = async (sql: string, values: unknown[]) => Number((await rows(t, sql, values))[0]?.n);
const no5xx = (answers: { status: number }[]) =>
  expect(answers.filter((a) => a.status >= 500).map((a) => a.status)).toEqual([]);

describe(`${N} identical requests at once have exactly one effect`, () => {
  it('binds: one policy, one version, one account, one invoice', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    await settleFirstPaymentWithCard(t, v, code, partyId);
    const answers = await times(N, () => http(v.token, 'POST', `/api/proposals/${code}/bind`));
    no5xx(answers);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count(*) AS n FROM policies WHERE proposal_code = $1', [code])).toBe(1);
    expect(
      await count(
        'SELECT count(*) AS n FROM policy_versions WHERE policy_id IN (SELECT id FROM policies WHERE proposal_code = $1)',
        [code],
      ),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM customer_accounts WHERE party_id = $1', [partyId])).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM statement_line_items WHERE type = 'invoice' AND account_id IN (SELECT id FROM customer_accounts WHERE party_id = $1)",
        [partyId],
      ),
    ).toBe(1);
  });

  it('payments: one payment due for one quote', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    const answers = await times(N, () =>
      http(v.token, 'POST', '/api/customerPayments/checkout/bind', { proposalCode: code }),
    );
    no5xx(answers);
    expect(new Set(answers.filter((a) => a.status < 300).map((a) => a.body.paymentId)).size).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM customer_payments WHERE party_id = $1 AND purpose = 'bind'", [
        partyId,
      ]),
    ).toBe(1);
  });

  it('card sessions: one open session for one payment (issue 9 item 4)', async () => {
    const { v, code } = await verifiedQuote(t);
    const due = await http(v.token, 'POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
    const answers = await times(N, () =>
      http(v.token, 'POST', '/api/stripe/checkout', {
        paymentId: due.body.paymentId,
        successUrl: `${t.base}/ok`,
        cancelUrl: `${t.base}/cancel`,
        lineItem: { name: 'Car insurance' },
      }),
    );
    no5xx(answers);
    expect(
      await count(
        "SELECT count(*) AS n FROM payment_sessions WHERE customer_payment_id = $1 AND status = 'open'",
        [due.body.paymentId],
      ),
    ).toBe(1);
  });

  it('settles: a payment taken by phone ten times at once is charged and recorded once', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    const due = await http(v.token, 'POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
    const [{ dob } = {}] = await rows(
      t,
      "SELECT data->'profiles'->0->'data'->>'dateOfBirth' AS dob FROM proposals WHERE proposal_code = $1",
      [code],
    );
    const answers = await times(N, () =>
      http(`conc-staff:${partyId}`, 'POST', '/api/stripe/moto/checkout', {
        paymentId: due.body.paymentId,
        itemName: 'Monthly car insurance',
        token: 'tok_visa',
        postalCode: 'LS1 5HD',
        dateOfBirth: dob,
      }),
    );
    no5xx(answers);
    expect(answers.filter((a) => a.status < 300).length).toBe(1);
    expect(await count('SELECT count(*) AS n FROM policies WHERE proposal_code = $1', [code])).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM statement_line_items WHERE type = 'payment' AND account_id IN (SELECT id FROM customer_accounts WHERE party_id = $1)",
        [partyId],
      ),
    ).toBe(1);
  });

  it('retrieval attempts: at most 5 wrong tries of one client on a reference count, even all at once', async () => {
    // Failures count per client and reference (ADR 148): forty wrong tries at once from one client (the
    // reference-check rate limit lets some through together) may count five at most; that client is then
    // locked out of the reference, while the owner on another device is not.
    const { v, code } = await verifiedQuote(t);
    const proposal = (await v.call('GET', `/api/proposals/${code}`)).json();
    const holder = proposal.data.profiles[0].data;
    const details = {
      externalReference: proposal.externalReference,
      dateOfBirth: holder.dateOfBirth,
      postalCode: holder.address.postalCode,
      brand: 'forecourt',
    };
    const guesser = '198.51.100.7';
    const answers = await times(4 * N, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/back-book',
        payload: { ...details, dateOfBirth: `1950-01-${String((i % 28) + 1).padStart(2, '0')}` },
        remoteAddress: guesser,
      }),
    );
    no5xx(answers.map((a) => ({ status: a.statusCode })));
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(4 * N - 5);
    expect(
      await count(
        'SELECT count(*) AS n FROM retrieval_attempts WHERE external_reference = $1 AND client_ip = $2 AND NOT succeeded',
        [details.externalReference, guesser],
      ),
    ).toBeLessThanOrEqual(5);
    const sameClient = await t.app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: details,
      remoteAddress: guesser,
    });
    expect(sameClient.statusCode).toBe(429);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: details,
      remoteAddress: '198.51.100.250',
    });
    expect(owner.statusCode, owner.body).not.toBe(429);
  });
});

/**
 * A limiter holds under concurrency: the first answer states the limit (RateLimit headers of
 * @fastify/rate-limit); then more requests than remain are sent at once from the same client, and no more
 * than the remainder may pass.
 */
async function limiterHolds(
  name: string,
  send: (remoteAddress: string) => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
) {
  const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  const first = await send(client);
  const limit = Number(first.headers['x-ratelimit-limit']);
  const remaining = Number(first.headers['x-ratelimit-remaining']);
  expect(Number.isFinite(limit) && limit > 0, `${name} states its rate limit (x-ratelimit-limit)`).toBe(true);
  expect(Number.isFinite(remaining), `${name} states what remains (x-ratelimit-remaining)`).toBe(true);
  const extra = 5;
  const answers = await times(remaining + extra, () => send(client));
  no5xx(answers.map((a) => ({ status: a.statusCode })));
  const passed = answers.filter((a) => a.statusCode !== 429).length;
  expect(
    passed,
    `${name}: passed of ${remaining + extra} sent at once with ${remaining} remaining`,
  ).toBeLessThanOrEqual(remaining);
  expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(extra);
  // Another client is not affected.
  expect((await send('203.0.113.254')).statusCode).not.toBe(429);
}

describe('rate limiters hold under concurrency (issue 9 item 8)', () => {
  it('POST /api/session', async () => {
    await limiterHolds('POST /api/session', (remoteAddress) =>
      t.app.inject({ method: 'POST', url: '/api/session', remoteAddress }),
    );
  });

  it('POST /api/proposals', async () => {
    const { v } = await verifiedQuote(t);
    await limiterHolds('POST /api/proposals', (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers: v.headers,
        payload: { schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) },
        remoteAddress,
      }),
    );
  });

  it('POST /api/policyholder/validateAccount', async () => {
    const { v, code } = await verifiedQuote(t);
    await limiterHolds('POST /api/policyholder/validateAccount', (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/policyholder/validateAccount',
        headers: v.headers,
        payload: { source: code, email: `someone-${randomUUID().slice(0, 8)}@example.com` },
        remoteAddress,
      }),
    );
  });

  it('reference checks: POST /api/proposals with an externalReference', async () => {
    const { v } = await verifiedQuote(t);
    await limiterHolds('POST /api/proposals {externalReference}', (remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers: v.headers,
        payload: {
          schemeCode: 'FCMOTOR1',
          externalReference: `R${randomUUID().slice(0, 7).toUpperCase()}`,
          data: sampleProposalData(todayInLondon(new Date())),
        },
        remoteAddress,
      }),
    );
  });
});
