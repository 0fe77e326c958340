import { errorResponseSchema } from '@forecourt/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const LIMITS = {
  RATE_LIMIT_SESSIONS: '3',
  RATE_LIMIT_PROPOSALS: '2',
  RATE_LIMIT_REFERENCE_CHECKS: '2',
  RATE_LIMIT_ACCOUNT_CHECKS: '2',
  RATE_LIMIT_ACCOUNT_CHANGES: '2',
  RATE_LIMIT_FEEDBACK: '2',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: LIMITS });
});
afterAll(async () => t.close());

type Inject = InjectOptions;
const hit = (app: TestApp['app'], options: Inject, times: number) =>
  Promise.all(Array.from({ length: times }, () => app.inject(options)));

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  // The error shape, with when to try again (as the retrieval lock-out says it; the retrieve page shows it).
  const body = errorResponseSchema.extend({ retryAt: z.iso.datetime() }).strict().parse(res.json());
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.requestId).toEqual(expect.any(String));
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Date.parse(body.retryAt)).toBeGreaterThan(Date.now());
}

describe('rate limits per client (ADR 128)', () => {
  it('POST /api/session: the limit holds for one client, answering 429 in the error shape, not for another', async () => {
    const client = { method: 'POST' as const, url: '/api/session', remoteAddress: '203.0.113.7' };
    const allowed = await hit(t.app, client, 3);
    expect(allowed.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expectLimited(await t.app.inject(client));
    const other = await t.app.inject({ ...client, remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });

  it('holds under concurrency: of 10 parallel requests, exactly the limit gets through', async () => {
    const client = { method: 'POST' as const, url: '/api/session', remoteAddress: '203.0.113.20' };
    const results = await hit(t.app, client, 10);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('proposal creation, quote retrieval by reference and validateAccount are limited too', async () => {
    const remoteAddress = '203.0.113.30';
    const session = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress });
    const token = session.json().accessToken as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const cases = [
      { url: '/api/proposals', payload: { schemeCode: 'FCMOTOR1' } },
      {
        url: '/api/session/back-book',
        payload: { externalReference: 'NOPE12', dateOfBirth: '1985-06-15', postalCode: 'SW1A 1AA' },
      },
      { url: '/api/policyholder/validateAccount', payload: { source: 'NOPE12', email: 'a@example.com' } },
    ];
    for (const { url, payload } of cases) {
      const request = { method: 'POST' as const, url, payload, headers, remoteAddress };
      const allowed = await hit(t.app, request, 2);
      for (const res of allowed) expect(res.statusCode, url).not.toBe(429);
      expectLimited(await t.app.inject(request));
    }
  });

  it('account changes and feedback are limited too (issue 27 §9, §12): 40 probes, or 60 notes, do not all land', async () => {
    const remoteAddress = '203.0.113.31';
    const session = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress });
    const headers = { authorization: `Bearer ${session.json().accessToken}` };
    const cases = [
      { method: 'PATCH' as const, url: '/api/policyholder', payload: { email: 'someone@example.com' } },
      { method: 'POST' as const, url: '/api/insights/feedback', payload: { type: 'general', rating: 5 } },
    ];
    for (const c of cases) {
      const request = { ...c, headers, remoteAddress };
      const allowed = await hit(t.app, request, 2);
      for (const res of allowed) expect(res.statusCode, c.url).not.toBe(429);
      expectLimited(await t.app.inject(request));
    }
  });

  it('a client cannot escape by writing its own X-Forwarded-For when TRUST_PROXY does not name the proxy', async () => {
    const trustingAll = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: 'true' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await trustingAll.app.inject({
          method: 'POST',
          url: '/api/session',
          remoteAddress: '203.0.113.40',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await trustingAll.close();
    }
  });

  it('behind a named proxy, each forwarded client has its own budget', async () => {
    const proxied = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    try {
      const from = (client: string) =>
        proxied.app.inject({ method: 'POST', url: '/api/session', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 3; i++) expect((await from('198.51.100.1')).statusCode).toBe(200);
      expectLimited(await from('198.51.100.1'));
      expect((await from('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('loopback is exempt outside production (tests, a laptop) but not in production', async () => {
    const local = await hit(t.app, { method: 'POST', url: '/api/session' }, 6);
    expect(local.every((r) => r.statusCode === 200)).toBe(true);
    const prod = await createTestApp({
      env: { ...LIMITS, NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true' },
    });
    try {
      const statuses = (await hit(prod.app, { method: 'POST', url: '/api/session' }, 4)).map(
        (r) => r.statusCode,
      );
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });
});
