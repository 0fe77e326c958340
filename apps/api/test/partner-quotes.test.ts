import { partnerQuoteResponseSchema } from '@forecourt/contracts/partner-quotes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../src/modules/partner-quotes/api-keys.ts';
import { buyByCard } from './adjustments-helpers.ts';
import { staff } from './claims-helpers.ts';
import { signIn } from './helpers/identity-flow.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { completeData, ratedProposal, SCHEME, today, visitor, visitorWith } from './proposals-helpers.ts';

// Issue 31 part 2 (ADR 363): the aggregator quote API, through HTTP as a comparison site calls it.

let t: ListeningApp;
let admin: string;
let key: string;
let keyId: string;
beforeAll(async () => {
  t = await listeningApp({ env: { RATE_LIMIT_PARTNER_QUOTES: '1000' } });
  admin = await staff(t, 'partners.admin@example.com', ['partner:admin', 'access:insights']);
  const made = await makeKey('PriceCompare Ltd');
  key = made.key;
  keyId = made.id;
});
afterAll(async () => t.close());

const asStaff = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeKey(partner: string, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/partner-keys',
    headers: asStaff(token),
    payload: { partner },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; keyPrefix: string };
}

const quoteBody = (mutate?: (d: ReturnType<typeof completeData>) => void, extra: object = {}) => {
  const data = completeData();
  mutate?.(data);
  return { schemeCode: SCHEME, data, ...extra };
};

const partnerQuote = (body: unknown, headers: Record<string, string> = { 'x-api-key': key }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/partners/quotes',
    headers,
    payload: body as object,
  });

const openLink = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/session/partner-quote', payload: { token } });

const tokenOf = (deepLink: string) => new URL(deepLink).hash.slice(1);

describe('POST /api/partners/quotes', () => {
  it('a valid key gets a priced quote with only what a comparison site needs, and the price of the web journey', async () => {
    const res = await partnerQuote(quoteBody(undefined, { campaign: 'spring-24' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = partnerQuoteResponseSchema.strict().parse(res.json());
    expect(body.status).toBe('quoted');
    expect(body.annualPrice).toBeGreaterThan(0);
    expect(body.monthlyPrice).toBeGreaterThan(0);
    expect(body.excess).toBeGreaterThan(0);
    expect(body.deepLink).toMatch(/\/quote-link#[\w-]{43}$/);
    // No personal data echoed back: not the name, date of birth, postcode, e-mail or registration.
    const holder = completeData().profiles[0]!.data as Record<string, unknown>;
    const address = holder.address as { postalCode: string };
    for (const personal of [
      holder.firstName,
      holder.lastName,
      holder.dateOfBirth,
      holder.email,
      address.postalCode,
    ])
      expect(res.body).not.toContain(String(personal));
    expect(res.body).not.toContain('FE17TTA');

    // The web journey's price for the same answers.
    const web = await ratedProposal(await visitor(t.app));
    expect(body.annualPrice).toBe(web.body.quote.totals.discountedPrice);
    expect(body.monthlyPrice).toBe(web.body.quote.totals.monthly.regular);

    // Stored with its source.
    const [stored] = await rows(
      t,
      'SELECT q.partner, q.campaign, q.link_token_hash, p.status, p.source FROM partner_quotes q JOIN proposals p USING (proposal_code) WHERE p.external_reference = $1',
      [body.quoteReference],
    );
    expect(stored).toMatchObject({ partner: 'PriceCompare Ltd', campaign: 'spring-24', status: 'QUOTE' });
    // Only the token's hash is at rest.
    expect(stored!.link_token_hash).not.toBe(tokenOf(body.deepLink!));
  });

  it('a referral is answered with reasons and no link', async () => {
    const res = await partnerQuote(
      quoteBody((d) => {
        d.profiles[0]!.data.bankrupt = true;
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('referred');
    expect(res.json().reasons).toEqual([{ code: 'BANKRUPT', message: expect.any(String) }]);
    expect(res.json().deepLink).toBeNull();
  });

  it('missing, wrong and revoked keys are 401; a second active key works (rotation)', async () => {
    expect((await partnerQuote(quoteBody(), {})).statusCode).toBe(401);
    expect((await partnerQuote(quoteBody(), { 'x-api-key': 'fc_live_wrong' })).statusCode).toBe(401);
    expect((await partnerQuote(quoteBody(), { 'x-api-key': `${key}x` })).statusCode).toBe(401);
    // Another brand's key is no key here.
    const theirs = newApiKey();
    await t.database.query(
      `INSERT INTO partner_api_keys (id, brand, partner, key_prefix, key_hash, created_by, created_at)
       VALUES (gen_random_uuid(), 'motorhub', 'Other Brand', $1, $2, 'test', now())`,
      [theirs.prefix, theirs.hash],
    );
    expect((await partnerQuote(quoteBody(), { 'x-api-key': theirs.key })).statusCode).toBe(401);
    // A bad body with no key is still a 401: the key comes before the input.
    expect((await partnerQuote({ schemeCode: 42 }, {})).statusCode).toBe(401);

    const old = await makeKey('Rotating Ltd');
    const next = await makeKey('Rotating Ltd');
    expect((await partnerQuote(quoteBody(), { 'x-api-key': old.key })).statusCode).toBe(201);
    expect((await partnerQuote(quoteBody(), { 'x-api-key': next.key })).statusCode).toBe(201);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/partner-keys/${old.id}/revoke`,
      headers: asStaff(admin),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect((await partnerQuote(quoteBody(), { 'x-api-key': old.key })).statusCode).toBe(401);
    expect((await partnerQuote(quoteBody(), { 'x-api-key': next.key })).statusCode).toBe(201);

    // The list shows prefixes, never the key or its hash; creating and revoking were audited.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/partner-keys',
      headers: asStaff(admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(old.key);
    expect(list.json().keys.map((k: { id: string }) => k.id)).toEqual(
      expect.arrayContaining([old.id, next.id]),
    );
    const audit = await rows(t, "SELECT action FROM audit_log WHERE action LIKE '%partner API key'");
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['CREATE partner API key', 'REVOKE partner API key']),
    );
    const [hashed] = await rows(t, 'SELECT key_hash FROM partner_api_keys WHERE id = $1', [old.id]);
    expect(hashed!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashed!.key_hash).not.toContain(old.key);
  });

  it('bad input is 400 and writes nothing: wrong types, huge values, NUL bytes, an incomplete risk', async () => {
    const [{ n: before }] = (await rows(t, 'SELECT count(*)::int AS n FROM partner_quotes')) as [
      { n: number },
    ];
    const bad = [
      { schemeCode: 42, data: completeData() },
      { schemeCode: SCHEME, data: 'not a risk' },
      quoteBody((d) => {
        d.asset.annualMileage = 1e308 as never;
      }),
      quoteBody((d) => {
        d.profiles[0]!.data.firstName = 'Sam\u0000';
      }),
      quoteBody((d) => {
        d.profiles[0]!.data.firstName = 'x'.repeat(100_000);
      }),
      quoteBody(undefined, { campaign: 'spring\u0000' }),
      quoteBody((d) => {
        delete (d.profiles[0]!.data as Partial<(typeof d.profiles)[0]['data']>).dateOfBirth;
      }),
      { schemeCode: 'NO-SUCH-SCHEME', data: completeData() },
    ];
    for (const body of bad) {
      const res = await partnerQuote(body);
      expect(res.statusCode, `case ${bad.indexOf(body)} → ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const [{ n: after }] = (await rows(t, 'SELECT count(*)::int AS n FROM partner_quotes')) as [
      { n: number },
    ];
    expect(after).toBe(before);
  });

  it('the car’s facts come from the lookup: a specification that differs is refused', async () => {
    const res = await partnerQuote(
      quoteBody((d) => {
        d.asset.specification.enginePower = 20 as never;
      }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('an Idempotency-Key repeats the same quote; the same key with another body is refused', async () => {
    const headers = { 'x-api-key': key, 'idempotency-key': 'visitor-123' };
    const first = await partnerQuote(quoteBody(), headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await partnerQuote(quoteBody(), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [{ n }] = (await rows(t, 'SELECT count(*)::int AS n FROM proposals WHERE external_reference = $1', [
      first.json().quoteReference,
    ])) as [{ n: number }];
    expect(n).toBe(1);
    const other = await partnerQuote(
      quoteBody((d) => (d.asset.annualMileage = 12_345)),
      headers,
    );
    expect(other.statusCode).toBe(422);
    // Scoped to the API key: another partner's same Idempotency-Key is a new quote.
    const second = await makeKey('Other Site');
    const theirs = await partnerQuote(quoteBody(), { ...headers, 'x-api-key': second.key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().quoteReference).not.toBe(first.json().quoteReference);
  });
});

describe('the deep link', () => {
  it('opens the quote once as an anonymous quote session; a second use is 410', async () => {
    const quoted = (await partnerQuote(quoteBody())).json();
    const token = tokenOf(quoted.deepLink);
    const opened = await openLink(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const { accessToken, proposalCode } = opened.json();
    const proposal = await t.app.inject({
      method: 'GET',
      url: `/api/proposals/${proposalCode}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json().externalReference).toBe(quoted.quoteReference);
    expect(proposal.json().quote.totals.discountedPrice).toBe(quoted.annualPrice);

    const twice = await Promise.all([openLink(token), openLink(token)]);
    expect(twice.map((r) => r.statusCode)).toEqual([410, 410]);
    expect((await openLink('A'.repeat(43))).statusCode).toBe(410);
  });

  it('a signed-in customer takes the linked quote into their account with the link’s session', async () => {
    const quoted = (await partnerQuote(quoteBody())).json();
    const { accessToken, proposalCode } = (await openLink(tokenOf(quoted.deepLink))).json();
    const customer = (await signIn(t.app, 'linked.customer@example.com')).access_token;
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/merge',
      headers: { authorization: `Bearer ${customer}` },
      payload: { proposalCode, sourceAccessToken: accessToken },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/proposals/${proposalCode}`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().quote.totals.discountedPrice).toBe(quoted.annualPrice);
  });

  it('of two opening at once, exactly one gets the session', async () => {
    const token = tokenOf((await partnerQuote(quoteBody())).json().deepLink);
    const both = await Promise.all([openLink(token), openLink(token), openLink(token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('is 410 after 24 hours', async () => {
    const quoted = (await partnerQuote(quoteBody((d) => (d.quote.startDate = nextWeek())))).json();
    t.clock.advance(24 * 60 * 60_000 + 1000);
    try {
      const res = await openLink(tokenOf(quoted.deepLink));
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('GONE');
    } finally {
      t.clock.advance(-(24 * 60 * 60_000 + 1000));
    }
  });
});

const nextWeek = () => {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
};

describe('conversion per source', () => {
  it('counts quotes and a real purchase per partner and campaign', async () => {
    const site = await makeKey('Convert Co');
    const ask = (campaign: string) =>
      partnerQuote(
        quoteBody((d) => (d.quote.startDate = today()), { campaign }),
        { 'x-api-key': site.key },
      );
    const bought = (await ask('summer')).json();
    await ask('summer');
    await ask('winter');

    // The visitor follows the link and buys through the real card flow (verification, hosted page, webhook).
    const { accessToken, proposalCode: code } = (await openLink(tokenOf(bought.deepLink))).json();
    const visitorOfLink = visitorWith(t.app, accessToken);
    await buyByCard(t, visitorOfLink, code);
    expect((await visitorOfLink.call('GET', `/api/proposals/${code}`)).json().status).toBe('POLICY');

    const insights = await t.app.inject({
      method: 'GET',
      url: '/api/admin/insights/sources',
      headers: asStaff(admin),
    });
    expect(insights.statusCode, insights.body).toBe(200);
    const mine = insights.json().sources.filter((s: { partner: string }) => s.partner === 'Convert Co');
    expect(mine).toEqual([
      { partner: 'Convert Co', campaign: 'summer', quotes: 2, bought: 1, conversion: 0.5 },
      { partner: 'Convert Co', campaign: 'winter', quotes: 1, bought: 0, conversion: 0 },
    ]);
    // A bought quote's link no longer opens it.
    const [{ used }] = (await rows(
      t,
      'SELECT link_used_at IS NOT NULL AS used FROM partner_quotes WHERE proposal_code = $1',
      [code],
    )) as [{ used: boolean }];
    expect(used).toBe(true);
  });
});

describe('staff permissions', () => {
  it('staff without partner:admin cannot list, create or revoke keys (403); a visitor is 401', async () => {
    const clerk = await staff(t, 'no.partner@example.com', ['access:impersonate', 'access:insights']);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/partner-keys', undefined],
      ['POST', '/api/admin/partner-keys', { partner: 'Sneaky' }],
      ['POST', `/api/admin/partner-keys/${keyId}/revoke`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: asStaff(clerk),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const insights = await t.app.inject({
      method: 'GET',
      url: '/api/admin/insights/sources',
      headers: asStaff(admin),
    });
    expect(insights.statusCode).toBe(200);
    const noInsights = await staff(t, 'keys.only@example.com', ['partner:admin']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/insights/sources',
          headers: asStaff(noInsights),
        })
      ).statusCode,
    ).toBe(403);
    // The key still works: nothing was revoked.
    expect((await partnerQuote(quoteBody())).statusCode).toBe(201);
  });
});

describe('rate limit per key', () => {
  it('answers 429 with Retry-After over the key’s limit; another key is not limited by it', async () => {
    const limited = await listeningApp({ env: { RATE_LIMIT_PARTNER_QUOTES: '2' } });
    try {
      const insertKey = async (partner: string) => {
        const made = newApiKey();
        await limited.database.query(
          `INSERT INTO partner_api_keys (id, brand, partner, key_prefix, key_hash, created_by, created_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, 'test', now())`,
          [limited.app.services.brand.id, partner, made.prefix, made.hash],
        );
        return made.key;
      };
      const [a, b] = [await insertKey('A'), await insertKey('B')];
      const send = (k: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/partners/quotes',
          headers: { 'x-api-key': k },
          payload: quoteBody(),
        });
      const results = await Promise.all([send(a), send(a), send(a)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 429]);
      const over = results.find((r) => r.statusCode === 429)!;
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().code).toBe('RATE_LIMITED');
      expect((await send(b)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the partner quote route for a partner’s developer: its key scheme, body and answers', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.partnerApiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const op = doc.paths['/api/partners/quotes'].post;
    expect(op.security).toEqual([{ partnerApiKey: [] }]);
    expect(op.description).toContain('Idempotency-Key');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '422', '429']));
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('data');
    expect(Object.keys(op.responses['201'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'quoteReference',
        'status',
        'annualPrice',
        'monthlyPrice',
        'excess',
        'deepLink',
      ]),
    );
    // The deep link's exchange needs no key and no session.
    expect(doc.paths['/api/session/partner-quote'].post.security).toEqual([]);
  });
});

describe('the deep link’s exchange is rate limited per client', () => {
  it('answers 429 with Retry-After past RATE_LIMIT_REFERENCE_CHECKS tries from one address', async () => {
    const limited = await listeningApp({
      env: { RATE_LIMIT_REFERENCE_CHECKS: '2', RATE_LIMIT_EXEMPT_LOOPBACK: 'false' },
    });
    try {
      const open = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/session/partner-quote',
          payload: { token: 'A'.repeat(43) },
          remoteAddress,
        });
      const tries = [await open('203.0.113.9'), await open('203.0.113.9'), await open('203.0.113.9')];
      expect(tries.map((r) => r.statusCode)).toEqual([410, 410, 429]);
      expect(Number(tries[2]!.headers['retry-after'])).toBeGreaterThan(0);
      expect((await open('203.0.113.10')).statusCode).toBe(410);
    } finally {
      await limited.close();
    }
  });
});
