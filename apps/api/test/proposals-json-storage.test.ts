import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonText } from '../src/db/json-text.ts';
import { proposals } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

// A proposal's answers and quote are stored as json (migration 1120, ADR 371). json keeps a NUL escape that
// jsonb refused, and every `->` over such a row then fails: the app refuses it before the database keeps it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the answers and quote as json', () => {
  it('stores both as json, the quote out of line uncompressed, the answers defaulting to {}', async () => {
    const columns = await t.database.query(
      `SELECT attname, format_type(atttypid, atttypmod) AS type, attstorage,
         pg_get_expr(adbin, adrelid) AS "default"
       FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
       WHERE attrelid = 'proposals'::regclass AND attname IN ('data', 'quote') ORDER BY attname`,
    );
    expect(columns.rows).toEqual([
      { attname: 'data', type: 'json', attstorage: 'x', default: "'{}'::json" },
      { attname: 'quote', type: 'json', attstorage: 'e', default: null },
    ]);
  });

  it('refuses a NUL character wherever it is, and keeps a backslash followed by u0000 as text', () => {
    expect(() => jsonText({ a: 'x\u0000y' })).toThrow(/NUL/);
    expect(() => jsonText({ 'key\u0000': 1 })).toThrow(/NUL/);
    expect(() => jsonText(['\\\u0000'])).toThrow(/NUL/);
    expect(jsonText({ a: '\\u0000' })).toBe('{"a":"\\\\u0000"}');
    expect(jsonText({ a: '£ ✓ 😀' })).toBe('{"a":"£ ✓ 😀"}');
  });

  it('reads back what was rated, and no writer can store a NUL in the answers or the quote', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const got = await v.call('GET', `/api/proposals/${code}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().quote).toEqual(body.quote);
    expect(got.json().data).toEqual(body.data);
    const db = t.app.services.db;
    const [row] = await db.select().from(proposals).where(eq(proposals.proposalCode, code));
    await expect(
      db
        .update(proposals)
        .set({ data: { ...row!.data, note: 'a\u0000b' } })
        .where(eq(proposals.proposalCode, code)),
    ).rejects.toThrow(/NUL/);
    await expect(
      db
        .update(proposals)
        .set({ quote: { ...row!.quote, note: '\u0000' } })
        .where(eq(proposals.proposalCode, code)),
    ).rejects.toThrow(/NUL/);
    // Nothing was stored, and SQL over the row still works.
    const after = await t.database.query(
      "SELECT data->'asset'->>'vrn' AS vrn, quote->>'vrn' AS quoted FROM proposals WHERE proposal_code = $1",
      [code],
    );
    expect(after.rows[0]).toEqual({ vrn: body.data.asset.vrn ?? null, quoted: body.quote.vrn ?? null });
    expect(JSON.stringify((await v.call('GET', `/api/proposals/${code}`)).json().data)).not.toContain('note');
  });
});
