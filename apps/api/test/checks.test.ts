import { samplePolicyholder, sampleProposalData } from '@forecourt/domain/risk/sample';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalChecks } from '../src/db/schema/proposal-checks.ts';
import { proposals } from '../src/db/schema/proposals.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);
let seq = 0;

/** A visitor with a quoted proposal whose policyholder has the given name and date of birth. */
async function visitorWithProposal(
  holder: { lastName?: string; dateOfBirth?: string } = {},
  status = 'QUOTE',
) {
  const token = await anonymousToken(t.app);
  const partyId = decodeJwt(token).sub as string;
  const data = sampleProposalData(today);
  const policyholder = samplePolicyholder(today);
  data.profiles = [{ ...policyholder, data: { ...policyholder.data, ...holder } }];
  const proposalCode = `PCHK${++seq}`;
  await t.database.db.insert(proposals).values({
    proposalCode,
    partyId,
    externalReference: `REF-CHK-${seq}`,
    brand: 'forecourt',
    schemeCode: 'FCMOTOR1',
    product: 'SUBSCRIPTION',
    status: status as 'QUOTE',
    data: data as unknown as Record<string, unknown>,
  });
  return { token, proposalCode };
}

const put = (code: string, what: 'id-check' | 'verify', token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/proposals/${code}/${what}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('PUT /api/proposals/{code}/id-check', () => {
  it('is clear for an ordinary policyholder and records the check', async () => {
    const { token, proposalCode } = await visitorWithProposal();
    const res = await put(proposalCode, 'id-check', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isClear: true });
    const rows = await t.database.db.select().from(proposalChecks);
    expect(rows.find((r) => r.proposalCode === proposalCode)).toMatchObject({
      kind: 'id-check',
      provider: 'sandbox',
      isClear: true,
    });
  });

  it("is not clear for the sandbox's 'consider' test surname", async () => {
    const { token, proposalCode } = await visitorWithProposal({ lastName: 'Consider' });
    const res = await put(proposalCode, 'id-check', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isClear: false });
  });

  it('treats a proposal of another party, an unknown code and a missing session as not found / 401', async () => {
    const { proposalCode } = await visitorWithProposal();
    const stranger = await anonymousToken(t.app);
    expect((await put(proposalCode, 'id-check', stranger)).statusCode).toBe(404);
    expect((await put('NOPE123', 'id-check', stranger)).json().code).toBe('NOT_FOUND');
    expect((await put(proposalCode, 'id-check')).statusCode).toBe(401);
  });

  it('answers 400 naming the missing answers when the policyholder has no name yet', async () => {
    const { token, proposalCode } = await visitorWithProposal({ lastName: '' });
    const res = await put(proposalCode, 'id-check', token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['policyholder.lastName']);
  });

  it('refuses a proposal that is no longer a quote', async () => {
    const { token, proposalCode } = await visitorWithProposal({}, 'POLICY');
    expect((await put(proposalCode, 'id-check', token)).statusCode).toBe(409);
  });
});

describe('PUT /api/proposals/{code}/verify', () => {
  it('is clear with every check listed', async () => {
    const { token, proposalCode } = await visitorWithProposal();
    const res = await put(proposalCode, 'verify', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isClear: true,
      checks: [
        { name: 'identity', result: 'clear' },
        { name: 'address', result: 'clear' },
        { name: 'sanctions', result: 'clear' },
      ],
    });
  });

  it("lists one failed check ('consider') for the address test date of birth", async () => {
    const { token, proposalCode } = await visitorWithProposal({ dateOfBirth: '1990-01-01' });
    const body = (await put(proposalCode, 'verify', token)).json();
    expect(body.isClear).toBe(false);
    expect(body.checks.filter((c: { result: string }) => c.result === 'consider')).toEqual([
      { name: 'address', result: 'consider' },
    ]);
  });

  it('lists several failed checks and keeps the latest result for checkout', async () => {
    const { token, proposalCode } = await visitorWithProposal({
      lastName: 'Sanctioned',
      dateOfBirth: '1990-01-01',
    });
    const body = (await put(proposalCode, 'verify', token)).json();
    expect(body.isClear).toBe(false);
    expect(
      body.checks
        .filter((c: { result: string }) => c.result === 'consider')
        .map((c: { name: string }) => c.name),
    ).toEqual(['address', 'sanctions']);
    const { latestVerification } = await import('../src/modules/checks/latest-verification.ts');
    expect(await latestVerification(t.database.db, proposalCode)).toMatchObject({ isClear: false });
  });

  it('is 404 for another party', async () => {
    const { proposalCode } = await visitorWithProposal();
    expect((await put(proposalCode, 'verify', await anonymousToken(t.app))).statusCode).toBe(404);
  });
});
