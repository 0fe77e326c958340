import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPaidPolicy, ledgerLines } from './adjustments-helpers.ts';
import { caller, staff, tampered } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

// Ending a policy from inception (ADR 240): staff with action:underwriting void a policy or mark it not
// taken up, acting for the customer. Through HTTP, as the admin app calls it.

let t: ListeningApp;
let underwriter: string;
let clerk: string;
beforeAll(async () => {
  t = await listeningApp();
  underwriter = await staff(t, 'underwriter@forecourt.example', [
    'access:impersonate',
    'action:underwriting',
  ]);
  clerk = await staff(t, 'clerk@forecourt.example', ['access:impersonate']);
}, 120_000);
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof customerWithPaidPolicy>>;
const asStaff = (c: Customer, token = underwriter) => caller(t, token, c.partyId);
const voidIt = (c: Customer, body: Record<string, unknown> = {}, token = underwriter) =>
  asStaff(c, token).call('POST', `/api/policies/${c.policyId}/void`, {
    reason: 'CARELESS_MISREPRESENTATION',
    note: 'Undisclosed SP30 conviction found on the DVLA check',
    policyNumber: c.policyNumber,
    ...body,
  });
const ntu = (c: Customer, body: Record<string, unknown> = {}) =>
  asStaff(c).call('POST', `/api/policies/${c.policyId}/notTakenUp`, {
    reason: 'WITHDRAWN_BEFORE_START',
    note: 'Customer rang: bought elsewhere',
    policyNumber: c.policyNumber,
    ...body,
  });
const policyOf = async (c: Customer) => (await c.call('GET', `/api/policies/${c.policyId}`)).json();
const outbox = (type: string, policyNumber: string) =>
  rows(
    t,
    "SELECT recipient, subject, body, payload FROM outbox WHERE payload->>'type' = $1 AND payload->>'policyNumber' = $2",
    [type, policyNumber],
  );

describe('void (POST /api/policies/{id}/void)', () => {
  it('careless misrepresentation: VOIDED from inception, all charges credited, the premium paid back', async () => {
    const c = await customerWithPaidPolicy(t, 'void.careless@example.com');
    const res = await voidIt(c);
    expect(res.statusCode).toBe(200);
    const before = await policyOf(c);
    expect(res.json()).toMatchObject({
      policyId: c.policyId,
      policyStatus: 'VOIDED',
      terminatedAt: before.policyDetail.inceptedAt,
      reason: 'CARELESS_MISREPRESENTATION',
      refundPence: c.paid,
    });
    expect(before.policyDetail).toMatchObject({ policyStatus: 'VOIDED' });
    const lines = (await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation');
    expect(lines).toEqual([
      expect.objectContaining({ type: 'credit_note', status: 'POSTED' }),
      expect.objectContaining({ type: 'refund', status: 'POSTED', amount_pence: c.paid }),
    ]);
    const [mid] = await outbox('mid.policy.cancelled', c.policyNumber);
    expect(mid?.payload).toMatchObject({ status: 'VOIDED', coverEnd: before.policyDetail.inceptedAt });
    const [mail] = await outbox('policy.voided', c.policyNumber);
    expect(mail).toMatchObject({ recipient: 'sam.taylor@example.com' });
    expect(mail?.body).toContain('treated as if it never existed');
    const [row] = await rows(
      t,
      'SELECT cancellation_reason, end_note, ended_by FROM policies WHERE id = $1',
      [c.policyId],
    );
    expect(row).toEqual({
      cancellation_reason: 'CARELESS_MISREPRESENTATION',
      end_note: 'Undisclosed SP30 conviction found on the DVLA check',
      ended_by: 'underwriter@forecourt.example',
    });
    const audit = await rows(t, 'SELECT action, outcome_status FROM audit_log WHERE target = $1', [
      `/api/policies/${c.policyId}/void`,
    ]);
    expect(audit).toEqual([{ action: 'POST /api/policies/:id/void', outcome_status: 200 }]);
    // The same void again (a retry after a timeout): the first answer, nothing posted twice. Another end of
    // the ended policy (NTU after the void, or a void for another reason): 409.
    const again = await voidIt(c);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect((await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation')).toHaveLength(2);
    expect(await outbox('mid.policy.cancelled', c.policyNumber)).toHaveLength(1);
    expect(await outbox('policy.voided', c.policyNumber)).toHaveLength(1);
    const ntuAfterVoid = await ntu(c);
    expect(ntuAfterVoid.statusCode).toBe(409);
    // The policy machine's refusal (ADR 345): a VOIDED policy has no way out.
    expect(ntuAfterVoid.json()).toMatchObject({
      message: 'Illegal policy transition: no move from VOIDED on notTakenUp',
      details: { machine: 'policy', from: 'VOIDED', event: 'notTakenUp' },
    });
    expect((await voidIt(c, { reason: 'FRAUD' })).statusCode).toBe(409);
  });

  it('fraud keeps the premiums paid: no refund, nothing more owed', async () => {
    const c = await customerWithPaidPolicy(t, 'void.fraud@example.com');
    const res = await voidIt(c, { reason: 'FRAUD', note: 'Staged accident ring' });
    expect(res.json()).toMatchObject({ policyStatus: 'VOIDED', refundPence: 0 });
    const lines = await ledgerLines(t, c.policyId);
    expect(lines.filter((l) => l.type === 'refund')).toEqual([]);
    expect(lines.reduce((sum, l) => sum + Number(l.amount_pence), 0)).toBe(0);
    const [mail] = await outbox('policy.voided', c.policyNumber);
    expect(mail?.body).toContain('we keep the premiums paid');
  });

  it('is refused to the customer, staff without the permission or not acting, others, strangers', async () => {
    const c = await customerWithPaidPolicy(t, 'void.refused@example.com');
    const other = await customerWithPaidPolicy(t, 'void.other@example.com');
    const url = `/api/policies/${c.policyId}/void`;
    const body = { reason: 'FRAUD', note: 'x', policyNumber: c.policyNumber };
    expect((await c.call('POST', url, body)).statusCode).toBe(403);
    expect((await voidIt(c, {}, clerk)).statusCode).toBe(403);
    expect((await caller(t, underwriter).call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, underwriter, other.partyId).call('POST', url, body)).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', url, body)).statusCode).toBe(401);
    expect((await caller(t, tampered(underwriter), c.partyId).call('POST', url, body)).statusCode).toBe(401);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('ACTIVE');
  });

  it('bad input is a 400 with field errors; a policy number that is not this one ends nothing', async () => {
    const c = await customerWithPaidPolicy(t, 'void.bad@example.com');
    const bad = await voidIt(c, { reason: 'BORED', note: 'a'.repeat(5000), policyNumber: 7 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['reason', 'note', 'policyNumber']),
    );
    expect((await voidIt(c, { note: 'nul\u0000byte' })).statusCode).toBe(400);
    expect((await voidIt(c, { note: '   ' })).statusCode).toBe(400);
    const wrong = await voidIt(c, { policyNumber: 'FC-NOT-THIS' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toHaveProperty('policyNumber');
    expect((await asStaff(c).call('POST', '/api/policies/not-a-uuid/void', {})).statusCode).toBe(400);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('ACTIVE');
  });

  it('twice at once ends it once, with one credit and one refund; both get the same answer', async () => {
    const c = await customerWithPaidPolicy(t, 'void.twice@example.com');
    const [a, b] = await Promise.all([voidIt(c), voidIt(c)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ policyStatus: 'VOIDED', refundPence: c.paid });
    const lines = await ledgerLines(t, c.policyId);
    expect(lines.filter((l) => l.type === 'credit_note')).toHaveLength(1);
    expect(lines.filter((l) => l.type === 'refund')).toHaveLength(1);
    expect(await outbox('mid.policy.cancelled', c.policyNumber)).toHaveLength(1);
  });
});

describe('not taken up (POST /api/policies/{id}/notTakenUp)', () => {
  it('before the cover starts: NTU from inception, everything paid refunded, the customer told', async () => {
    const c = await customerWithPaidPolicy(t, 'ntu.pending@example.com', false);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('PENDING');
    const res = await ntu(c);
    expect(res.statusCode).toBe(200);
    const after = await policyOf(c);
    expect(res.json()).toMatchObject({
      policyStatus: 'NTU',
      terminatedAt: after.policyDetail.inceptedAt,
      refundPence: c.paid,
    });
    expect(after.policyDetail.policyStatus).toBe('NTU');
    const [mid] = await outbox('mid.policy.cancelled', c.policyNumber);
    expect(mid?.payload).toMatchObject({ status: 'NTU', reason: 'WITHDRAWN_BEFORE_START' });
    const [mail] = await outbox('policy.ntu', c.policyNumber);
    expect(mail?.subject).toBe(`Your policy ${c.policyNumber} was not taken up`);
    const again = await ntu(c);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await outbox('policy.ntu', c.policyNumber)).toHaveLength(1);
    expect((await ntu(c, { reason: 'FIRST_PAYMENT_FAILED' })).statusCode).toBe(409);
  });

  it('cover started and paid for: refused (cancel or void instead)', async () => {
    const c = await customerWithPaidPolicy(t, 'ntu.paid@example.com');
    const res = await ntu(c, { reason: 'FIRST_PAYMENT_FAILED' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/cancel or void it instead/);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('ACTIVE');
  });

  it('is refused without the permission, to other customers and without a token; bad input 400', async () => {
    const c = await customerWithPaidPolicy(t, 'ntu.refused@example.com', false);
    const url = `/api/policies/${c.policyId}/notTakenUp`;
    const body = { reason: 'WITHDRAWN_BEFORE_START', note: 'x', policyNumber: c.policyNumber };
    expect((await c.call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, clerk, c.partyId).call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, undefined).call('POST', url, body)).statusCode).toBe(401);
    const bad = await ntu(c, { reason: 'FRAUD', note: 5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['reason', 'note']));
    const [a, b] = await Promise.all([ntu(c), ntu(c)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await outbox('mid.policy.cancelled', c.policyNumber)).toHaveLength(1);
  });
});
