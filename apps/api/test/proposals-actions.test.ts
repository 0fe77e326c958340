import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { completeData, ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/proposals/{code}/retain', () => {
  it('e-mails the quote reference through the outbox', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/retain`,
      headers: { ...v.headers, host: 'quotes.example.test' },
      payload: { email: 'sam@example.com' },
    });
    expect(res.statusCode).toBe(202);
    const rows = await t.database.query(
      `SELECT recipient, subject, body FROM outbox WHERE payload->>'proposalCode' = $1`,
      [code],
    );
    expect(rows.rows).toHaveLength(1);
    const mail = rows.rows[0] as { recipient: string; subject: string; body: string };
    expect(mail.recipient).toBe('sam@example.com');
    expect(mail.subject).toContain(body.externalReference);
    // absolute, from the request's origin when PUBLIC_URL is not set
    expect(mail.body).toContain(`http://quotes.example.test/retrieve?ref=${body.externalReference}`);
    expect(mail.body).toMatch(/a month/);
  });

  it('every link in every e-mail is absolute (PUBLIC_URL wins over the request origin)', async () => {
    const app = await createTestApp({ env: { PUBLIC_URL: 'https://cover.example.com/' } });
    try {
      const v = await visitor(app.app);
      const { code } = await ratedProposal(v);
      expect(
        (await v.call('POST', `/api/proposals/${code}/retain`, { email: 'al@example.com' })).statusCode,
      ).toBe(202);
      // Account set-up sends a code (ADR 120), and the account is made when it is entered.
      expect((await v.call('POST', `/api/proposals/${code}/account`)).statusCode).toBe(202);
      const sent = await app.database.query(
        "SELECT body FROM outbox WHERE payload->>'kind' = 'account-code' ORDER BY created_at DESC LIMIT 1",
      );
      const otp = /\b(\d{6})\b/.exec(String((sent.rows[0] as { body: string }).body))?.[1];
      expect((await v.call('POST', `/api/proposals/${code}/account`, { code: otp })).statusCode).toBe(200);
      const mails = (await app.database.query(`SELECT body FROM outbox WHERE channel = 'email'`)).rows as {
        body: string;
      }[];
      expect(mails.length).toBeGreaterThanOrEqual(2);
      const all = mails.map((m) => m.body).join('\n');
      expect(all).toContain('https://cover.example.com/retrieve?ref=');
      // no relative link: a path starting with '/' right after a space, a quote, a bracket or a line start
      expect(all).not.toMatch(/(?:^|[\s("'<])\/[a-z]/im);
      expect(all).not.toContain('.com//');
    } finally {
      await app.close();
    }
  });

  it('sends at most 5 reference e-mails per proposal an hour (429 after)', async () => {
    const v = await visitor(t.app);
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    for (let i = 0; i < 5; i++)
      expect(
        (await v.call('POST', `/api/proposals/${code}/retain`, { email: `sam${i}@example.com` })).statusCode,
      ).toBe(202);
    expect(
      (await v.call('POST', `/api/proposals/${code}/retain`, { email: 'sam@example.com' })).statusCode,
    ).toBe(429);
  });

  it('rejects a bad e-mail address', async () => {
    const v = await visitor(t.app);
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    const res = await v.call('POST', `/api/proposals/${code}/retain`, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toBeDefined();
  });
});

describe('POST /api/proposals/{code}/tracking', () => {
  it('records the configured tracking parameters once; a second time is 409', async () => {
    const v = await visitor(t.app);
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    const first = await v.call('POST', `/api/proposals/${code}/tracking`, {
      values: { utm_source: 'partner', utm_campaign: 'winter' },
    });
    expect(first.statusCode).toBe(201);
    expect((await v.call('GET', `/api/proposals/${code}`)).json().trackingRecorded).toBe(true);
    const again = await v.call('POST', `/api/proposals/${code}/tracking`, {
      values: { utm_source: 'other' },
    });
    expect(again.statusCode).toBe(409);
    const stored = await t.database.query('SELECT tracking FROM proposals WHERE proposal_code = $1', [code]);
    expect((stored.rows[0] as { tracking: Record<string, string> }).tracking.utm_source).toBe('partner');
  });
});

describe('PATCH /api/proposals/{code}/promotions/{id}', () => {
  it('applies a promotion code and re-rates: free months show as a discount', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const res = await v.call('PATCH', `/api/proposals/${code}/promotions/promo`, {
      promotionActivationCode: 'hc3m',
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json().quote;
    expect(res.json().promoCode).toBe('HC3M');
    expect(quote.totals.freeMonths).toBe(3);
    expect(quote.priceBreakdown.at(-1)).toMatchObject({ coverGroup: 'DISCOUNT', feature: 'HC3M' });
  });

  it('a promotion needing terms asks for them when rating', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    await v.call('PATCH', `/api/proposals/${code}/promotions/promo`, { promotionActivationCode: 'HC1M' });
    const rate = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
    expect(rate.statusCode).toBe(400);
    expect(rate.json().fieldErrors['quote.promotionTermsAccepted']).toEqual(['validation.promotionTerms']);
    const accepted = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'promotionTermsAccepted', value: true } },
      ],
      applyRating: true,
    });
    expect(accepted.json().quote.totals.freeMonths).toBe(1);
  });

  it('an unknown code is a 400 on the field', async () => {
    const v = await visitor(t.app);
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    const res = await v.call('PATCH', `/api/proposals/${code}/promotions/promo`, {
      promotionActivationCode: 'FREEBIE',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.promotionActivationCode).toEqual(['validation.unknownPromotion']);
  });
});

describe('POST /api/form/validation/{profile}', () => {
  it('rating profile: success for complete answers, errors with path, code and message otherwise', async () => {
    const v = await visitor(t.app);
    const ok = await v.call('POST', '/api/form/validation/rating', { data: completeData() });
    expect(ok.json()).toEqual({ success: true, errors: [] });
    const data = completeData();
    data.asset.numberOfSeats = 9;
    const bad = (await v.call('POST', '/api/form/validation/rating', { data })).json();
    expect(bad.success).toBe(false);
    expect(bad.errors).toEqual([
      { path: 'asset.numberOfSeats', code: 'validation.max', message: 'This value is too large' },
    ]);
  });

  it('driving-licence profile checks one driver’s answers', async () => {
    const v = await visitor(t.app);
    const driver = {
      dateOfBirth: '2000-05-01',
      drivingLicence: { licenceType: 'UKFull', validFrom: '2015-05-01', convictions: [] },
    };
    const bad = (await v.call('POST', '/api/form/validation/driving-licence', { data: driver })).json();
    expect(bad.errors).toEqual([
      {
        path: 'drivingLicence.validFrom',
        code: 'validation.licenceBeforeSixteen',
        message: 'Your licence cannot start before your 16th birthday',
      },
    ]);
    driver.drivingLicence.validFrom = '2016-05-01';
    expect((await v.call('POST', '/api/form/validation/driving-licence', { data: driver })).json()).toEqual({
      success: true,
      errors: [],
    });
  });

  it('proposal profile accepts answers so far; an unknown profile is 404', async () => {
    const v = await visitor(t.app);
    expect(
      (
        await v.call('POST', '/api/form/validation/proposal', { data: { asset: { annualMileage: 5000 } } })
      ).json().success,
    ).toBe(true);
    expect((await v.call('POST', '/api/form/validation/nope', { data: {} })).statusCode).toBe(404);
  });
});
