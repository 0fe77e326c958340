import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { completeData, ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/proposals', () => {
  it('creates a proposal owned by the visitor with a readable quote reference', async () => {
    const v = await visitor(t.app);
    const res = await v.call('POST', '/api/proposals', {
      schemeCode: SCHEME,
      source: 'web',
      promoCode: 'hc3m',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.proposalCode).toMatch(/^prp_/);
    expect(body.externalReference).toMatch(/^FC-[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    expect(body).toMatchObject({
      status: 'QUOTE',
      schemeCode: SCHEME,
      product: 'SUBSCRIPTION',
      quote: null,
      promoCode: 'HC3M',
    });
    expect(body.policyTerm).toBe('P1M');
  });

  it('keeps a given external reference; a taken one gets the same 201 and a reference of our own', async () => {
    const v = await visitor(t.app);
    const first = await v.call('POST', '/api/proposals', {
      schemeCode: SCHEME,
      externalReference: 'PARTNER-123',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().externalReference).toBe('PARTNER-123');
    const other = await visitor(t.app);
    const again = await other.call('POST', '/api/proposals', {
      schemeCode: SCHEME,
      externalReference: 'partner-123',
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(again.json().externalReference).toMatch(/^FC-[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    // The first proposal is untouched and still its owner's alone.
    const list = await other.call('GET', '/api/proposals?externalReference=PARTNER-123');
    expect(list.json().items).toEqual([]);
    expect(
      (await v.call('GET', `/api/proposals/${first.json().proposalCode}`)).json().externalReference,
    ).toBe('PARTNER-123');
  });

  it('answers 400 with field errors for an unknown scheme or bad answers', async () => {
    const v = await visitor(t.app);
    const scheme = await v.call('POST', '/api/proposals', { schemeCode: 'NOPE' });
    expect(scheme.statusCode).toBe(400);
    expect(scheme.json().fieldErrors.schemeCode).toEqual(['validation.unknownScheme']);
    const data = await v.call('POST', '/api/proposals', {
      schemeCode: SCHEME,
      data: { asset: { annualMileage: 0 } },
    });
    expect(data.statusCode).toBe(400);
    expect(Object.keys(data.json().fieldErrors)).toContain('data.asset.annualMileage');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      payload: { schemeCode: SCHEME },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rating through PATCH applyRating', () => {
  it('prices a complete proposal: QUOTE with IPT, monthly price and a trace', async () => {
    const v = await visitor(t.app);
    const { res, body } = await ratedProposal(v);
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('QUOTE');
    const totals = body.quote.totals;
    expect(totals.ipt).toBe(Math.round(totals.net * 0.12));
    expect(totals.gross).toBe(totals.net + totals.ipt);
    expect(totals.monthly.first + totals.monthly.regular * 11).toBe(totals.gross);
    expect(body.quote.trace.map((e: { factor: string }) => e.factor)).toContain('postcodeArea');
    expect(body.quoteExpiresAt).not.toBeNull();
    expect(body.startAt).not.toBeNull();
  });

  it('refers a risk with a referral answer and lists the reason', async () => {
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v, (d) => {
      d.profiles[0]!.data.previouslyRefusedInsurance = true;
    });
    expect(body.status).toBe('REFERRAL');
    expect(body.quote.referralReasons.map((r: { code: string }) => r.code)).toEqual(['REFUSED_INSURANCE']);
  });

  it('gives INSUFFICIENT_ACCURACY without vehicle identification', async () => {
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v, (d) => {
      // Not looked up, nothing from the catalogue (ADR 347: those facts are the lookup's alone).
      d.asset.regLookup = false;
      d.asset.specification = {};
    });
    expect(body.status).toBe('INSUFFICIENT_ACCURACY');
    expect(body.quote.totals).toBeNull();
  });

  it('refuses to rate incomplete answers with 400 field errors and writes nothing', async () => {
    const v = await visitor(t.app);
    const data = completeData();
    const created = await v.call('POST', '/api/proposals', {
      schemeCode: SCHEME,
      data: { asset: data.asset },
    });
    const code = created.json().proposalCode;
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'Vehicle',
          update: { path: 'annualMileage', value: 5000 },
        },
      ],
      applyRating: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.profiles).toEqual(['validation.required']);
    const after = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(after.data.asset.annualMileage).toBe(data.asset.annualMileage);
    expect(after.quote).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every proposals operation', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/proposals',
      '/api/proposals/{code}',
      '/api/proposals/{code}/retain',
      '/api/proposals/{code}/tracking',
      '/api/proposals/{code}/promotions/{id}',
      '/api/form/validation/{profile}',
      '/api/session/back-book',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(Object.keys(doc.paths['/api/proposals/{code}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });
});

describe('rating tables stay on the server', () => {
  it('GET /api/config does not include them', async () => {
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().rating).toBeUndefined();
    expect(config.body).not.toContain('basePremium');
    expect(t.app.services.brand.rating.basePremium).toBeGreaterThan(0);
  });
});
