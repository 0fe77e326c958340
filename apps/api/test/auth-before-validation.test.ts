import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, operations } from './helpers/fuzz-inputs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Issue 27 §12: a caller without a token learns nothing of a route's input rules. Every route of the OpenAPI
// document (the route table, so a route added later is covered too) is sent a malformed body (not even JSON), query and path
// without a token: a route that needs a caller answers 401 (or 403) before it looks at the input, never 400.

/** Routes anyone may call without a token (the lookups need a session token: lookups.test.ts). */
const WITHOUT_TOKEN = new Set([
  'POST /api/session',
  'POST /api/session/back-book',
  // The deep link's token is the credential (ADR 363).
  'POST /api/session/partner-quote',
  'GET /api/config',
  'POST /api/form/validation/:profile',
  'POST /api/stripe/webhooks',
  'POST /api/gocardless/webhooks',
  'GET /',
  'GET /{*}',
  'GET /healthz',
  'GET /readyz',
]);

let t: TestApp;
let ops: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  ops = operations(t.app.swagger() as Parameters<typeof operations>[0]);
});
afterAll(async () => t?.close());

describe('authentication comes before validation', () => {
  it('every route needing a caller answers a malformed request without a token with 401/403', async () => {
    const checked = ops.filter((op) => !WITHOUT_TOKEN.has(`${op.method} ${op.path}`));
    expect(checked.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const op of checked) {
      const url = `${op.path.replace(/:(\w+)/g, 'not-an-id')}?${Object.keys(op.query)
        .map((k) => `${k}=${'x'.repeat(5000)}`)
        .concat('unexpected=1')
        .join('&')}`;
      const res = await t.app.inject({
        method: op.method as 'POST',
        url,
        ...(['GET', 'DELETE'].includes(op.method)
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: '{"wrong": [1, {"x": true}' }),
      });
      if (![401, 403].includes(res.statusCode))
        failures.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
