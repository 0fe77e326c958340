import { proposalSchema } from '@forecourt/contracts/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, serializeFast } from '../src/lib/serializer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

// The compiled serialiser of the proposal (ADR 270) as production runs it (no zod check first): it must write
// what the zod contract writes, for a quoted proposal (nested nullable objects filled) and an empty one (nulls).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

serializeFast(proposalSchema);
const write = responseSerializerCompiler({ check: false })({
  schema: proposalSchema,
  method: 'GET',
  url: '/api/proposals/:code',
  httpStatus: '200',
} as never) as (data: unknown) => string;
const byZod = (data: unknown) => JSON.parse(JSON.stringify(z.encode(proposalSchema, data as never)));

describe('the proposal written by the compiled serialiser', () => {
  it('writes a quoted proposal with a promotion exactly as the contract does, and nothing internal', async () => {
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v, undefined, 'HC3M');
    expect(body.quote).not.toBeNull();
    expect(body.quote.totals).not.toBeNull();
    const withInternals = {
      ...body,
      internalNote: 'never leaves',
      quote: { ...body.quote, loadings: ['internal'], totals: { ...body.quote.totals, margin: 12 } },
    };
    const written = JSON.parse(write(withInternals));
    expect(written).toEqual(byZod(withInternals));
    expect(written).toEqual(body);
    expect(JSON.stringify(written)).not.toMatch(/internalNote|loadings|margin/);
  });

  it('writes nulls where a proposal has no quote yet', async () => {
    const v = await visitor(t.app);
    const res = await v.call('POST', '/api/proposals', { schemeCode: SCHEME });
    const body = res.json();
    expect(body.quote).toBeNull();
    const written = JSON.parse(write(body));
    expect(written).toEqual(byZod(body));
    expect(written.quote).toBeNull();
  });

  it('refuses a value of the wrong type inside a nullable object, as the contract would', async () => {
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v);
    const broken = { ...body, quote: { ...body.quote, totals: 'not an object' } };
    expect(() => byZod(broken)).toThrow();
    expect(() => write(broken)).toThrow();
  });
});
