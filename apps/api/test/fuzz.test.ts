import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../src/modules/identity/issuer-key.ts';
import {
  badFormRequests,
  badRequests,
  type FuzzCase,
  type Operation,
  operations,
} from './helpers/fuzz-inputs.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

// Fuzz from the contracts (issue 9, "make it stay fixed"): for every body, path and query schema of every
// route in the OpenAPI document, a fixed set of bad inputs (wrong types, missing fields, huge strings, deep
// nesting, NUL bytes, lone surrogates, __proto__ keys). Nothing may be answered with a 5xx. Bounded for CI;
// bench/fuzz-long.ts runs random combinations for longer.

let t: TestApp;
let ops: Operation[];
const callers: { name: string; headers: Record<string, string> }[] = [];
let fill: (name: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  // Staff who may do everything, impersonating the visitor: reaches the staff-only code paths too.
  t.app.tokenVerifiers.push(async (token) =>
    token.startsWith('fuzz-staff:')
      ? {
          kind: 'admin',
          userId: 'fuzz-staff',
          permissions: [...ADMIN_PERMISSIONS],
          claims: {},
          partyId: token.slice('fuzz-staff:'.length),
        }
      : null,
  );
  const v = await visitor(t.app);
  const { code } = await ratedProposal(v);
  const partyId = decodeJwt(v.token).sub as string;
  // The visitor also holds a partner's API key, so the partner quote API's input is fuzzed past its key check.
  const partnerKey = await t.app.inject({
    method: 'POST',
    url: '/api/admin/partner-keys',
    headers: { authorization: `Bearer fuzz-staff:${partyId}` },
    payload: { partner: 'Fuzz Compare' },
  });
  expect(partnerKey.statusCode, partnerKey.body).toBe(201);
  callers.push({
    name: 'visitor',
    headers: { authorization: `Bearer ${v.token}`, 'x-api-key': partnerKey.json().key },
  });
  callers.push({ name: 'staff', headers: { authorization: `Bearer fuzz-staff:${partyId}` } });
  const values: Record<string, string> = {
    code,
    id: randomUUID(),
    statementId: randomUUID(),
    sessionId: 'cs_test_fuzz',
    table: 'occupations',
    entry: 'x',
    profile: 'policyholder',
    doc: 'policy-certificate',
  };
  fill = (name) => values[name] ?? 'x';
  ops = operations(t.app.swagger() as Parameters<typeof operations>[0]);
}, 120_000);
afterAll(async () => t?.close());

async function send(c: FuzzCase, headers: Record<string, string>) {
  return t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: {
      ...headers,
      'idempotency-key': randomUUID(),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
}

describe('fuzz from the contracts: no bad input gets a 5xx', () => {
  it('covers every operation of the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => o.body).length).toBeGreaterThan(15);
  });

  it('the OpenAPI document is the route table: every /api route the router knows is fuzzed', () => {
    // A route added later, or hidden from the document, would escape the fuzzing: the router's own list of
    // /api routes must all be operations of the document (issue 27, "routes added since").
    const documented = new Set(ops.map((o) => `${o.method} ${o.path}`));
    const routed: string[] = [];
    const stack: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
      if (!m) continue;
      stack.length = m[1]!.length / 4;
      stack.push(m[2]!);
      const path = `/${stack.join('').replace(/^\/+/, '')}`;
      if (!path.startsWith('/api/')) continue;
      for (const method of m[3]!.split(', ')) if (method !== 'HEAD') routed.push(`${method} ${path}`);
    }
    // The API's own documentation and signed storage links are served, not operations.
    const served = (r: string) => /^GET \/api\/(docs|storage|openapi\.json)/.test(r);
    expect(routed.length).toBeGreaterThan(40);
    expect(routed.filter((r) => !served(r) && !documented.has(r))).toEqual([]);
  });

  it('every body, path and query of every operation', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (const c of badRequests(op, fill)) {
        for (const caller of callers) {
          const res = await send(c, caller.headers);
          sent++;
          if (res.statusCode >= 500)
            failures.push(
              `${op.method} ${op.path} ${c.label} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 110_000);

  it('the token endpoint with bad form fields', async () => {
    const failures: string[] = [];
    for (const c of badFormRequests()) {
      const res = await send(c, {});
      if (res.statusCode >= 500) failures.push(`${c.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
