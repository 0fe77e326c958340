import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleCases, TODAY } from '../../../packages/domain/test/risk/rule-cases.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { SCHEME, visitor } from './proposals-helpers.ts';

/** Every rule of spec 3 §5 through the API, on a fixed day: failing and passing case each. */
const clock = { now: () => new Date(`${TODAY}T10:00:00Z`) };
let t: TestApp;
let v: Awaited<ReturnType<typeof visitor>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  v = await visitor(t.app);
});
afterAll(async () => t.close());

describe('every validation rule through POST /api/form/validation/rating', () => {
  it.each(ruleCases)('%s', async (_rule, fail, path, key, pass) => {
    const bad = sampleProposalData(TODAY);
    fail(bad);
    const failed = (await v.call('POST', '/api/form/validation/rating', { data: bad })).json();
    expect(failed.success).toBe(false);
    expect(failed.errors).toContainEqual(expect.objectContaining({ path, code: key }));
    const good = sampleProposalData(TODAY);
    pass(good);
    expect((await v.call('POST', '/api/form/validation/rating', { data: good })).json()).toEqual({
      success: true,
      errors: [],
    });
  });
});

describe('the same rules guard rating (PATCH applyRating): 400 on the field, then a price once fixed', () => {
  it.each(ruleCases)('%s', async (_rule, fail, path, key, pass) => {
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    const setData = async (mutate: typeof fail) => {
      const data = sampleProposalData(TODAY);
      mutate(data);
      await t.database.query('UPDATE proposals SET data = $1 WHERE proposal_code = $2', [
        JSON.stringify(data),
        code,
      ]);
    };
    await setData(fail);
    const refused = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors[path]).toContain(key);
    await setData(pass);
    const rated = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().quote.ratingStatus).not.toBe('INSUFFICIENT_ACCURACY');
  });
});
