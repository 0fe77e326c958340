import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTexts, useNamedStatements } from '../src/db/pglite-statements.ts';

// The texts marked as prepared (as db/prepared.ts marks a Drizzle prepared query's), and the same statements
// with a trailing space: not marked, so they take PGlite's own path, to compare with.
const SELECT = 'select id, doc, at, note from items where id = $1';
const INSERT = 'insert into items (id, doc, at, note) values ($1, $2, $3, $4) returning id';
const UPDATE = 'update items set note = $2 where id = $1';
const drizzleConfig = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
};

describe('named statements on PGlite (ADR 338)', () => {
  let client: PGlite;
  let plain: PGlite['query'];
  beforeAll(async () => {
    client = await PGlite.create();
    plain = client.query.bind(client);
    useNamedStatements(client);
    for (const text of [SELECT, INSERT, UPDATE]) statementTexts.add(text);
    await client.exec(
      'create table items (id integer primary key, doc jsonb not null, at timestamptz, note text)',
    );
  });
  afterAll(() => client.close());

  const prepared = async () =>
    (
      await client.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('gives the same rows, fields and counts as PGlite’s own query, with its parsers and serializers', async () => {
    const at = new Date('2026-03-29T00:30:00Z');
    const inserted = await client.query(INSERT, [1, { a: [1, 'two'], b: null }, at, null]);
    expect(inserted.rows).toEqual([{ id: 1 }]);
    expect(inserted.affectedRows).toBe(1);
    const named = await client.query(SELECT, [1]);
    const own = await plain(`${SELECT} `, [1]);
    expect(named.rows).toEqual(own.rows);
    expect(named.fields).toEqual(own.fields);
    expect(named.rows[0]).toEqual({ id: 1, doc: { a: [1, 'two'], b: null }, at, note: null });
    // Drizzle's options: rows as arrays, times left as the database's text.
    const asArrays = await client.query(SELECT, [1], drizzleConfig);
    expect(asArrays.rows).toEqual((await plain(`${SELECT} `, [1], drizzleConfig)).rows);
    expect(asArrays.rows[0]).toEqual([1, { a: [1, 'two'], b: null }, '2026-03-29 00:30:00+00', null]);
    const updated = await client.query(UPDATE, [1, 'NUL-free text ✓']);
    expect(updated).toMatchObject({ rows: [], affectedRows: 1 });
    expect((await client.query(SELECT, [2])).rows).toEqual([]);
  });

  it('parses and plans each statement once, and leaves other queries alone', async () => {
    for (let i = 0; i < 5; i++) await client.query(SELECT, [1]);
    const statements = await prepared();
    expect(statements.filter((s) => s.statement === SELECT)).toHaveLength(1);
    expect(statements.map((s) => s.statement)).not.toContain(`${SELECT} `);
  });

  it('fails as PGlite’s query does, and the next statement runs', async () => {
    const err = await client.query(INSERT, [1, {}, null, 'again']).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: '23505', query: INSERT, params: [1, {}, null, 'again'] });
    const bad = await client.query(SELECT, ['not a number']).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ code: '22P02' });
    expect((await client.query(SELECT, [1])).rows).toHaveLength(1);
    // Not left inside a failed transaction: a write after the errors is kept.
    await client.query(UPDATE, [1, 'after the errors']);
    expect((await plain('select note from items where id = 1')).rows).toEqual([{ note: 'after the errors' }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const tx = client.transaction(async (t) => {
      await t.query("update items set note = 'in the transaction' where id = 1");
      inside();
      await held;
      await t.rollback();
    });
    await started;
    const read = client.query<{ note: string }>(SELECT, [1]);
    let answered = false;
    void read.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    finish();
    await tx;
    // It ran after the rollback, outside the transaction: it sees the row as committed.
    expect((await read).rows[0]?.note).toBe('after the errors');
  });

  it('serves requests at once in turn, each with its own values', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.query(INSERT, [100 + i, { i }, null, `row ${i}`])),
    );
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.query<{ doc: { i: number } }>(SELECT, [100 + i])),
    );
    expect(rows.map((r) => r.rows[0]?.doc.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
