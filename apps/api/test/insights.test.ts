import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, customerWithPolicy, staff, tampered } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
let alice: Awaited<ReturnType<typeof customerWithPolicy>>;
let reader: string;
let noPermission: string;
beforeAll(async () => {
  t = await listeningApp();
  alice = await customerWithPolicy(t, 'alice.insights@example.com');
  reader = await staff(t, 'insights@forecourt.example', ['access:insights']);
  noPermission = await staff(t, 'support@forecourt.example', ['access:impersonate']);
}, 60_000);
afterAll(async () => t.close());

const feedback = (over: Record<string, unknown> = {}) => ({
  type: 'cancellation',
  rating: 8,
  comment: 'Quick and clear',
  tags: { policyNumber: alice.policyNumber },
  ...over,
});

describe('POST /api/insights/feedback', () => {
  it('stores a rating with its comment and tags', async () => {
    const res = await alice.call('POST', '/api/insights/feedback', feedback());
    expect(res.statusCode).toBe(201);
    const [row] = await rows(
      t,
      'SELECT party_id, kind, type, rating, comment, tags FROM insights WHERE id = $1',
      [res.json().id],
    );
    expect(row).toEqual({
      party_id: alice.partyId,
      kind: 'feedback',
      type: 'cancellation',
      rating: 8,
      comment: 'Quick and clear',
      tags: { policyNumber: alice.policyNumber },
    });
    const bare = await alice.call('POST', '/api/insights/feedback', { type: 'adjustment', rating: 1 });
    expect(bare.statusCode).toBe(201);
  });

  it('answers 400 with field errors for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: undefined }, 'rating'],
      [{ rating: 0 }, 'rating'],
      [{ rating: 11 }, 'rating'],
      [{ rating: 7.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ comment: 'x'.repeat(1001) }, 'comment'],
      [{ comment: 'nul\u0000byte' }, 'comment'],
      [{ type: 'spam' }, 'type'],
      [{ tags: { 'bad key': 'x' } }, 'tags'],
    ];
    for (const [over, field] of cases) {
      const res = await alice.call('POST', '/api/insights/feedback', feedback(over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json().fieldErrors).join(), JSON.stringify(over).slice(0, 40)).toContain(field);
    }
  });

  it("refuses another customer's policy in the tags (404), a missing token and a tampered one (401)", async () => {
    const other = await visitor(t.app);
    expect((await other.call('POST', '/api/insights/feedback', feedback())).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', '/api/insights/feedback', feedback())).statusCode).toBe(
      401,
    );
    expect(
      (await caller(t, tampered(alice.token)).call('POST', '/api/insights/feedback', feedback())).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/insights/impression', () => {
  it("stores a proposal's tracking values once, keeping only the brand's parameters", async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const body = {
      type: 'proposal',
      values: { utm_medium: 'email', utm_campaign: 'spring', sneaky: 'x' },
      tags: { proposalCode: code },
    };
    const first = await v.call('POST', '/api/insights/impression', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().recorded).toBe(true);
    const again = await v.call('POST', '/api/insights/impression', body);
    expect(again.json()).toEqual({ id: first.json().id, recorded: false });
    const stored = await rows(
      t,
      'SELECT "values" FROM insights WHERE kind = \'impression\' AND proposal_code = $1',
      [code],
    );
    expect(stored).toEqual([{ values: { utm_medium: 'email', utm_campaign: 'spring' } }]);

    const stranger = await visitor(t.app);
    expect((await stranger.call('POST', '/api/insights/impression', body)).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', '/api/insights/impression', body)).statusCode).toBe(401);
    expect(
      (await caller(t, tampered(v.token)).call('POST', '/api/insights/impression', body)).statusCode,
    ).toBe(401);
    const empty = await v.call('POST', '/api/insights/impression', { ...body, values: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty('values');
    const wrongType = await v.call('POST', '/api/insights/impression', { ...body, type: 'policy' });
    expect(wrongType.json().fieldErrors).toHaveProperty('type');
    const nul = await v.call('POST', '/api/insights/impression', {
      ...body,
      values: { utm_medium: 'a\u0000' },
    });
    expect(nul.statusCode).toBe(400);
  });
});

describe('GET /api/admin/insights', () => {
  it('staff with access:insights read feedback; others are refused', async () => {
    const res = await caller(t, reader).call('GET', '/api/admin/insights?kind=feedback');
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'feedback', rating: 8, partyId: alice.partyId }),
    );
    expect(res.json().entries.every((e: { kind: string }) => e.kind === 'feedback')).toBe(true);
    expect((await caller(t, noPermission).call('GET', '/api/admin/insights')).statusCode).toBe(403);
    expect((await alice.call('GET', '/api/admin/insights')).statusCode).toBe(403);
    expect((await caller(t, undefined).call('GET', '/api/admin/insights')).statusCode).toBe(401);
    expect((await caller(t, tampered(reader)).call('GET', '/api/admin/insights')).statusCode).toBe(401);
    expect((await caller(t, reader).call('GET', '/api/admin/insights?limit=0')).statusCode).toBe(400);
  });
});
