import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/lib/security-headers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The headers @fastify/helmet 13 wrote for the app's options (recorded before it was replaced, issue 29). */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers, made once (issue 29)', () => {
  it('on every kind of answer: open, authenticated, compiled serialiser, refusals, 404', async () => {
    const v = await visitor(t.app);
    const { code, res: patched } = await ratedProposal(v);
    const answers = {
      'open JSON route': await t.app.inject('/api/config'),
      health: await t.app.inject('/healthz'),
      'unknown path (404)': await t.app.inject('/api/nothing-here'),
      'no token (401)': await t.app.inject('/api/proposals'),
      'bad text in the path (400, input guard)': await t.app.inject('/api/config?x=%00'),
      'PATCH of a proposal (compiled serialiser)': patched,
      'GET of a proposal': await v.call('GET', `/api/proposals/${code}`),
      'invalid body (400)': await v.call('PATCH', `/api/proposals/${code}`, { changes: 'no' }),
      'another party’s proposal (404)': await (await visitor(t.app)).call('GET', `/api/proposals/${code}`),
    };
    for (const [what, res] of Object.entries(answers)) {
      const got = Object.fromEntries(Object.keys(EXPECTED).map((k) => [k, res.headers[k]]));
      expect(got, what).toEqual(EXPECTED);
      expect(res.headers['x-powered-by'], what).toBeUndefined();
    }
    expect(patched.statusCode).toBe(200);
  });

  it('refuses a bad directive at start-up, as helmet does', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self"] } } }),
    ).not.toThrow();
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { 'bad;name': ["'self'"] } } }),
    ).toThrow();
  });
});
