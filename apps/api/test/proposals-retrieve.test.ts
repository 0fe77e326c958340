import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let ip = 0;
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;
const backBook = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/session/back-book', payload, remoteAddress });

async function savedQuote() {
  const v = await visitor(t.app);
  const { code, body } = await ratedProposal(v);
  const holder = body.data.profiles[0].data;
  return {
    code,
    details: {
      externalReference: body.externalReference,
      dateOfBirth: holder.dateOfBirth,
      postalCode: holder.address.postalCode,
      brand: 'forecourt',
    },
  };
}

describe('POST /api/session/back-book', () => {
  it('right details: a session for the quote’s owner (postcode and reference in any case/spacing)', async () => {
    const { code, details } = await savedQuote();
    const res = await backBook({
      ...details,
      externalReference: details.externalReference.toLowerCase(),
      postalCode: 'ls15hd',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().accessToken;
    const got = await t.app.inject({
      url: `/api/proposals/${code}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(got.statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/proposals?externalReference=${details.externalReference}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().items).toHaveLength(1);
  });

  it('every wrong detail gets the same 401 answer', async () => {
    const { details } = await savedQuote();
    const wrong = [
      { ...details, externalReference: 'FC-ZZZZZZ' },
      { ...details, dateOfBirth: '1990-01-01' },
      { ...details, postalCode: 'SW1A 1AA' },
      { ...details, brand: 'motorhub' },
    ];
    const answers = [];
    for (const payload of wrong) {
      const res = await backBook(payload);
      expect(res.statusCode).toBe(401);
      const { requestId: _r, ...body } = res.json();
      answers.push(body);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      code: 'UNAUTHORIZED',
      message: 'We could not find a quote with those details',
    });
  });

  it('bad input is a 400 with field errors', async () => {
    const res = await backBook({
      externalReference: 'FC-ABCDEF',
      dateOfBirth: '01/02/1990',
      postalCode: 'LS1 5HD',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.dateOfBirth).toBeDefined();
  });

  it('after 5 failures on a reference from one client, that client gets 429 saying when to try again', async () => {
    const { details } = await savedQuote();
    const client = '198.51.100.5';
    const started = Date.now();
    for (let i = 0; i < 5; i++)
      expect((await backBook({ ...details, dateOfBirth: `1990-01-0${i + 1}` }, client)).statusCode).toBe(401);
    const res = await backBook(details, client);
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.code).toBe('RATE_LIMITED');
    const retryAt = new Date(body.retryAt).getTime();
    expect(retryAt).toBeGreaterThanOrEqual(started + 15 * 60_000 - 1000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    const london = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(body.retryAt));
    expect(body.message).toContain(`try again at ${london}`);
  });

  it("someone else's failures on a reference never lock its owner out of their own device", async () => {
    const { details } = await savedQuote();
    for (let i = 0; i < 12; i++)
      expect((await backBook({ ...details, dateOfBirth: `1990-01-${10 + i}` })).statusCode).toBe(401);
    expect((await backBook(details, '203.0.113.9')).statusCode).toBe(200);
  });

  it('after 10 failures from one client, that client gets 429 on any reference', async () => {
    const { details } = await savedQuote();
    const client = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect(
        (await backBook({ ...details, externalReference: `FC-${randomUUID().slice(0, 6)}` }, client))
          .statusCode,
      ).toBe(401);
    expect((await backBook(details, client)).statusCode).toBe(429);
    expect((await backBook(details, '192.0.2.78')).statusCode).toBe(200);
  });

  it('a quote saved to a customer account needs sign-in (403)', async () => {
    const { code, details } = await savedQuote();
    const customer = randomUUID();
    await t.database.query(`INSERT INTO parties (id, kind) VALUES ($1, 'customer')`, [customer]);
    await t.database.query('UPDATE proposals SET party_id = $1 WHERE proposal_code = $2', [customer, code]);
    expect((await backBook(details)).statusCode).toBe(403);
  });
});
