import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies } from '../src/db/schema/index.ts';
import type { Caller, Ctx } from '../src/lib/context.ts';
import { AppError } from '../src/lib/errors.ts';
import { owned } from '../src/lib/party-scope.ts';
import { insertPolicy } from './documents-fixture.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function party() {
  const token = await anonymousToken(t.app);
  return { token, partyId: decodeJwt(token).sub as string };
}

/** Two parties, each with a policy of its own. */
async function twoPartiesWithPolicies() {
  const a = await party();
  const b = await party();
  const mine = await insertPolicy(t.app.services, a.partyId);
  const theirs = await insertPolicy(t.app.services, b.partyId);
  return { a, b, mine, theirs };
}

const ctxFor = (caller: Caller): Pick<Ctx, 'caller' | 'db'> => ({ caller, db: t.app.services.db });

/** A database handle that fails the test if anything touches it. */
const untouchable = new Proxy({} as Ctx['db'], {
  get(_target, property) {
    throw new Error(`the database was used (${String(property)}) for a caller without a party`);
  },
});

describe('party-scoped data access', () => {
  // No session is a 401; staff acting for no customer are a known user without the right: 403 (ADR 180).
  const withoutParty: [string, Caller, string][] = [
    ['no session', { kind: 'none' }, 'UNAUTHORIZED'],
    [
      'an admin not impersonating',
      { kind: 'admin', userId: 'agent', permissions: ['access:impersonate'], claims: {}, partyId: undefined },
      'FORBIDDEN',
    ],
  ];
  for (const [who, caller, code] of withoutParty) {
    it(`refuses ${who} with ${code} before any query is built`, () => {
      let error: unknown;
      try {
        owned({ caller, db: untouchable });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
    });
  }

  it("reads only the caller's rows: another party's row is not found", async () => {
    const { a, mine, theirs } = await twoPartiesWithPolicies();
    const scope = owned(ctxFor({ kind: 'anonymous', partyId: a.partyId }));
    expect(scope.partyId).toBe(a.partyId);

    const rows = await scope.rows(policies);
    expect(rows.map((r) => r.id)).toEqual([mine.policyId]);
    expect((await scope.first(policies, eq(policies.id, mine.policyId)))?.policyNumber).toBe(
      mine.policyNumber,
    );
    expect(await scope.first(policies, eq(policies.id, theirs.policyId))).toBeUndefined();

    const viaWhere = await t.app.services.db
      .select({ id: policies.id })
      .from(policies)
      .where(scope.where(policies, eq(policies.id, theirs.policyId)));
    expect(viaWhere).toEqual([]);
  });

  it("a query prepared once with preparedWhere reads each caller's own rows, filled by values()", async () => {
    const { a, b, mine, theirs } = await twoPartiesWithPolicies();
    const asA = owned(ctxFor({ kind: 'anonymous', partyId: a.partyId }));
    const asB = owned(ctxFor({ kind: 'anonymous', partyId: b.partyId }));
    // Built once (with the first caller's scope), run for both callers.
    const query = t.app.services.db
      .select({ id: policies.id })
      .from(policies)
      .where(asA.preparedWhere(policies, eq(policies.id, sql.placeholder('id'))))
      .prepare('party_scope_test_policy');
    expect(await query.execute(asA.values({ id: mine.policyId }))).toEqual([{ id: mine.policyId }]);
    expect(await query.execute(asA.values({ id: theirs.policyId }))).toEqual([]);
    expect(await query.execute(asB.values({ id: theirs.policyId }))).toEqual([{ id: theirs.policyId }]);
    // A party smuggled into the values is replaced by the scope's own.
    expect(await query.execute(asA.values({ id: theirs.policyId, partyId: b.partyId }))).toEqual([]);
  });

  it("an impersonating admin reads the impersonated customer's rows", async () => {
    const a = await party();
    const mine = await insertPolicy(t.app.services, a.partyId);
    const scope = owned(
      ctxFor({
        kind: 'admin',
        userId: 'agent',
        permissions: ['access:impersonate'],
        claims: {},
        partyId: a.partyId,
      }),
    );
    expect((await scope.rows(policies)).map((r) => r.id)).toEqual([mine.policyId]);
  });
});

describe('endpoints on the party-scoped helper', () => {
  it("a policy document of another party's policy is 404, and without a session 401", async () => {
    const a = await party();
    const b = await party();
    const theirs = await insertPolicy(t.app.services, b.partyId);
    const url = `/api/documents/policy/${theirs.policyId}/policy-certificate`;
    const asA = await t.app.inject({ url, headers: { authorization: `Bearer ${a.token}` } });
    expect(asA.statusCode).toBe(404);
    expect(asA.json().code).toBe('NOT_FOUND');
    const asB = await t.app.inject({ url, headers: { authorization: `Bearer ${b.token}` } });
    expect(asB.json().code).toBe('DOCUMENT_NOT_READY');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it("the identity check of another party's proposal is 404, and without a session 401", async () => {
    const a = await party();
    const b = await party();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: { authorization: `Bearer ${b.token}` },
      payload: { schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) },
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/proposals/${created.json().proposalCode}/id-check`;
    const asA = await t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${a.token}` } });
    expect(asA.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    const rows = await t.database.query('SELECT count(*) AS n FROM proposal_checks WHERE party_id = $1', [
      a.partyId,
    ]);
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});
