import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed.ts';
import { demoScenarios, seedScenarios } from '../src/demo/index.ts';
import { DEMO_CUSTOMER, DEMO_NEW_CUSTOMER } from '../src/modules/identity/index.ts';
import { signIn } from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Policy = {
  policyId: string;
  policyNumber: string;
  policyDetail: { policyStatus: string; inceptedAt: string; terminatedAt: string | null };
};
const statusOf = (p: Policy) => p.policyDetail.policyStatus;
const inceptedAt = (p: Policy) => Date.parse(p.policyDetail.inceptedAt);
type Proposal = { proposalCode: string; status: string };
const DAY = 86_400_000;

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

  const policies = async () => (await demo('/api/policies')).json() as Policy[];
  const byNumber = async (policyNumber: string) =>
    (await policies()).find((p) => p.policyNumber === policyNumber)!;
  /** The one policy bought about `days` ago (its inception), within two days. */
  const boughtAbout = async (days: number) => {
    const found = (await policies()).filter((p) => Math.abs((Date.now() - inceptedAt(p)) / DAY - days) < 2);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const accountOf = async (p: Policy) => {
    const accounts = (await demo(`/api/customerAccounts?policyNumber=${p.policyNumber}`)).json();
    expect(accounts).toHaveLength(1);
    return accounts[0] as {
      accountId: string;
      paymentMethodType: string;
      outstandingAmount: number;
      accountStatus: string;
    };
  };
  type Statement = { statementId: string; status: string; amountOutstanding: number; paymentDueAt: string };
  const statementsOf = async (accountId: string) => {
    const res = await demo(`/api/customerAccounts/${accountId}/statements`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return (Array.isArray(body) ? body : body.items) as Statement[];
  };

  it('the demo customer has policies in every status the seed makes, each with its account', async () => {
    const all = await policies();
    expect(all.map(statusOf).sort()).toEqual([
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'CANCELLED',
      'PENDING',
    ]);
    const methods: string[] = [];
    for (const p of all) methods.push(`${statusOf(p)}:${(await accountOf(p)).paymentMethodType}`);
    // Once the Direct Debit mandate exists (2 months ago) it pays every newer policy.
    expect(methods.sort()).toEqual([
      'ACTIVE:BACS_DEBIT',
      'ACTIVE:BACS_DEBIT',
      'ACTIVE:BACS_DEBIT',
      'ACTIVE:CARD',
      'ACTIVE:CARD',
      'CANCELLED:BACS_DEBIT',
      'PENDING:BACS_DEBIT',
    ]);
    const pending = all.find((p) => statusOf(p) === 'PENDING')!;
    const startsInDays = (inceptedAt(pending) - Date.now()) / DAY;
    expect(startsInDays).toBeGreaterThan(5);
    expect(startsInDays).toBeLessThan(8);
    const cert = await demo(`/api/documents/policy/${pending.policyId}/policy-certificate`);
    expect(cert.statusCode).toBe(200);
    expect(cert.headers['content-type']).toBe('application/pdf');
  });

  it('the card policy bought 150 days ago has its monthly statements, raised and collected by the billing run', async () => {
    const card = await boughtAbout(150);
    const account = await accountOf(card);
    expect(account).toMatchObject({
      paymentMethodType: 'CARD',
      outstandingAmount: 0,
      accountStatus: 'ACTIVE',
    });
    const list = await statementsOf(account.accountId);
    // The first month paid at checkout, then one statement a month: 4 or 5 of them in 150 days.
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(new Set(list.map((s) => s.status))).toEqual(new Set(['settled']));
  });

  it('one policy is in arrears: its card failed off-session, the statement is retried and the balance is outstanding', async () => {
    const arrears = await boughtAbout(36);
    expect(statusOf(arrears)).toBe('ACTIVE');
    const account = await accountOf(arrears);
    expect(account.paymentMethodType).toBe('CARD');
    expect(account.outstandingAmount).toBeGreaterThan(0);
    const failed = (await statementsOf(account.accountId)).filter((s) => s.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.amountOutstanding).toBe(account.outstandingAmount);
  });

  it('the Direct Debit policy has its statement raised; it stays pending until Direct Debit collection runs', async () => {
    const dd = await boughtAbout(60);
    const account = await accountOf(dd);
    expect(account.paymentMethodType).toBe('BACS_DEBIT');
    const list = await statementsOf(account.accountId);
    expect(list.length).toBeGreaterThanOrEqual(2);
    // Pending today (no Direct Debit collection yet); settled once it lands. Never failed.
    for (const s of list) expect(['settled', 'pending']).toContain(s.status);
  });

  it('one policy was cancelled in its cooling-off period and refunded', async () => {
    const cancelled = (await policies()).find((p) => statusOf(p) === 'CANCELLED')!;
    expect((Date.now() - inceptedAt(cancelled)) / DAY).toBeCloseTo(10, 0);
    const ended = Date.parse((await byNumber(cancelled.policyNumber)).policyDetail.terminatedAt!);
    expect((ended - inceptedAt(cancelled)) / DAY).toBeCloseTo(2, 0);
    const account = await accountOf(cancelled);
    const list = await statementsOf(account.accountId);
    const lines = [];
    for (const s of list) {
      const one = await demo(`/api/customerAccounts/${account.accountId}/statements/${s.statementId}`);
      lines.push(...(one.json().lineItems as { type: string; amount: number }[]));
    }
    expect(lines.filter((l) => l.type === 'refund').length).toBeGreaterThan(0);
    expect(account.outstandingAmount).toBe(0);
  });

  it('one active policy has a cancellation set for a date about 20 days ahead', async () => {
    const leaving = (await policies()).filter(
      (p) => statusOf(p) === 'ACTIVE' && p.policyDetail.terminatedAt !== null,
    );
    expect(leaving).toHaveLength(1);
    const endsIn = (Date.parse(leaving[0]!.policyDetail.terminatedAt!) - Date.now()) / DAY;
    expect(endsIn).toBeGreaterThan(18);
    expect(endsIn).toBeLessThan(21);
  });

  it('one policy has a confirmed mid-term change: two versions, the second with legal expenses', async () => {
    const changed = await boughtAbout(30);
    const detail = (await demo(`/api/policies/${changed.policyId}`)).json();
    expect(detail.versions).toHaveLength(2);
    expect(detail.currentPolicyVersion.versionNumber).toBe(2);
    expect(detail.currentPolicyVersion.quote.optionalCovers).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'legal_expenses', active: true })]),
    );
  });

  it('the card policy was bought months ago and has a settled and a pending claim', async () => {
    const oldest = (await policies()).sort((a, b) => inceptedAt(a) - inceptedAt(b))[0]!;
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
      ...Array(7).fill('POLICY'),
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
