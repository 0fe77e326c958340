import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed.ts';
import { demoScenarios, seedScenarios } from '../src/demo/index.ts';
import { DEMO_CUSTOMER, DEMO_NEW_CUSTOMER } from '../src/modules/identity/index.ts';
import { signIn } from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Policy = {
  policyId: string;
  policyNumber: string;
  policyDetail: { policyStatus: string; inceptedAt: string };
};
const statusOf = (p: Policy) => p.policyDetail.policyStatus;
const inceptedAt = (p: Policy) => Date.parse(p.policyDetail.inceptedAt);
type Proposal = { proposalCode: string; status: string };

describe('demo data made by the real operations (ADR 190)', () => {
  let t: TestApp;
  let seedMs = 0;
  const as = (token: string) => (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  let demo: ReturnType<typeof as>;

  beforeAll(async () => {
    t = await createTestApp();
    const started = performance.now();
    // What start-up runs with SEED_DEMO_DATA (the default outside tests).
    await seedDemoData(t.app.services, t.app.log);
    seedMs = performance.now() - started;
    demo = as((await signIn(t.app, DEMO_CUSTOMER.email)).access_token);
  }, 60_000);
  afterAll(() => t?.close());

  const count = async (table: string) =>
    Number((await t.database.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

  it('seeds quickly', () => {
    // Documents are rendered inline here (tests run no job worker); with jobs they are rendered after.
    expect(seedMs).toBeLessThan(10_000);
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it('the demo customer has policies ACTIVE by card, ACTIVE by Direct Debit and PENDING', async () => {
    const policies = (await demo('/api/policies')).json() as Policy[];
    expect(policies.map(statusOf).sort()).toEqual(['ACTIVE', 'ACTIVE', 'PENDING']);
    const methods: Record<string, string> = {};
    for (const p of policies) {
      const accounts = (await demo(`/api/customerAccounts?policyNumber=${p.policyNumber}`)).json();
      expect(accounts).toHaveLength(1);
      methods[p.policyNumber] = `${statusOf(p)}:${accounts[0].paymentMethodType}`;
    }
    expect(Object.values(methods).sort()).toEqual(['ACTIVE:BACS_DEBIT', 'ACTIVE:CARD', 'PENDING:BACS_DEBIT']);
    const pending = policies.find((p) => statusOf(p) === 'PENDING')!;
    const startsInDays = (inceptedAt(pending) - Date.now()) / 86_400_000;
    expect(startsInDays).toBeGreaterThan(5);
    expect(startsInDays).toBeLessThan(8);
    const cert = await demo(`/api/documents/policy/${pending.policyId}/policy-certificate`);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
  });

  it('the card policy was bought months ago and has a settled and a pending claim', async () => {
    const policies = (await demo('/api/policies')).json() as Policy[];
    const oldest = policies.sort((a, b) => inceptedAt(a) - inceptedAt(b))[0]!;
    expect((Date.now() - inceptedAt(oldest)) / 86_400_000).toBeGreaterThan(140);
    const claims = (await demo(`/api/claims?policyNumber=${oldest.policyNumber}`)).json();
    const list = Array.isArray(claims) ? claims : claims.items;
    expect(list.map((c: { status: string }) => c.status).sort()).toEqual(['pending', 'settled']);
    for (const c of list) expect(c.claimReference).toMatch(/^CLM-/);
  });

  it('the demo customer has proposals in QUOTE, QUOTE_EXPIRED, REFERRAL and INSUFFICIENT_ACCURACY', async () => {
    const { items } = (await demo('/api/proposals')).json() as { items: Proposal[] };
    expect(items.map((p) => p.status).sort()).toEqual([
      'INSUFFICIENT_ACCURACY',
      'POLICY',
      'POLICY',
      'POLICY',
      'QUOTE',
      'QUOTE_EXPIRED',
      'REFERRAL',
    ]);
    const expired = await t.database.query(
      "SELECT status FROM proposals WHERE party_id = $1 AND status = 'QUOTE_EXPIRED'",
      [DEMO_CUSTOMER.partyId],
    );
    // Expired by the job's rule (the stored status), not only as the read shows it.
    expect(expired.rows).toHaveLength(1);
  });

  it('the second demo customer has nothing', async () => {
    const fresh = as((await signIn(t.app, DEMO_NEW_CUSTOMER.email)).access_token);
    expect((await fresh('/api/policies')).json()).toEqual([]);
    expect((await fresh('/api/proposals')).json().items).toEqual([]);
  });

  it('seeding again (a restart) duplicates nothing', async () => {
    const before = [await count('policies'), await count('proposals'), await count('claims')];
    await seedDemoData(t.app.services, t.app.log);
    const again = await seedScenarios(t.app.services, t.app.log, DEMO_CUSTOMER);
    expect(again.map((o) => o.outcome)).toEqual(demoScenarios.map(() => 'skipped'));
    expect([await count('policies'), await count('proposals'), await count('claims')]).toEqual(before);
  });

  it('a scenario that fails is reported, gives its claim back and does not stop the others', async () => {
    const broken = { name: 'broken', shows: '', run: () => Promise.reject(new Error('no such rule')) };
    const ok = { name: 'fine', shows: '', run: () => Promise.resolve() };
    const quiet = { ...t.app.log, error: () => undefined } as unknown as typeof t.app.log;
    const outcomes = await seedScenarios(t.app.services, quiet, DEMO_NEW_CUSTOMER, [broken, ok]);
    expect(outcomes.map((o) => [o.name, o.outcome])).toEqual([
      ['broken', 'failed'],
      ['fine', 'ran'],
    ]);
    const second = await seedScenarios(t.app.services, quiet, DEMO_NEW_CUSTOMER, [broken, ok]);
    expect(second.map((o) => o.outcome)).toEqual(['failed', 'skipped']);
  });
});
