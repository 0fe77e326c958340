import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bindExecuteSync, useNamedStatements } from '../src/db/pglite-statements.ts';

// The statements through the named path, compared with PGlite's own `query` (kept before it was wrapped).
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
    useNamedStatements(client, { maxStatements: 8 });
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
    const own = await plain(SELECT, [1]);
    expect(named.rows).toEqual(own.rows);
    expect(named.fields).toEqual(own.fields);
    expect(named.rows[0]).toEqual({ id: 1, doc: { a: [1, 'two'], b: null }, at, note: null });
    // Drizzle's options: rows as arrays, times left as the database's text.
    const asArrays = await client.query(SELECT, [1], drizzleConfig);
    expect(asArrays.rows).toEqual((await plain(SELECT, [1], drizzleConfig)).rows);
    expect(asArrays.rows[0]).toEqual([1, { a: [1, 'two'], b: null }, '2026-03-29 00:30:00+00', null]);
    const updated = await client.query(UPDATE, [1, 'NUL-free text ✓']);
    expect(updated).toMatchObject({ rows: [], affectedRows: 1 });
    expect((await client.query(SELECT, [2])).rows).toEqual([]);
  });

  it('parses and plans each statement once, and keeps only the most recently used', async () => {
    for (let i = 0; i < 5; i++) await client.query(SELECT, [1]);
    expect((await prepared()).filter((s) => s.statement === SELECT)).toHaveLength(1);
    // Ten other texts through a cache of eight: SELECT, used last before them, is dropped, and the
    // database holds at most eight of ours (plus the statement reading the list).
    for (let i = 0; i < 10; i++) await client.query(`select ${i} as n where $1::int = 1`, [1]);
    const kept = (await prepared()).map((s) => s.statement);
    expect(kept).not.toContain(SELECT);
    expect(kept).toContain('select 9 as n where $1::int = 1');
    expect(kept.length).toBeLessThanOrEqual(8);
    // A dropped statement is prepared again when it is next used.
    expect((await client.query(SELECT, [1])).rows).toHaveLength(1);
  });

  it('keeps a statement for each set of parameter types asked for', async () => {
    const text = 'select $1 as v';
    expect((await client.query<{ v: unknown }>(text, [7], { paramTypes: [types.INT4] })).rows[0]?.v).toBe(7);
    expect((await client.query<{ v: unknown }>(text, ['7'], { paramTypes: [types.TEXT] })).rows[0]?.v).toBe(
      '7',
    );
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

  it('runs a transaction’s statements inside it, and its rollback undoes them', async () => {
    const err = await client
      .transaction(async (tx) => {
        await tx.query(UPDATE, [1, 'inside']);
        expect((await tx.query<{ note: string }>(SELECT, [1])).rows[0]?.note).toBe('inside');
        await tx.query(INSERT, [1, {}, null, 'a duplicate']);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ code: '23505', query: INSERT });
    expect((await client.query<{ note: string }>(SELECT, [1])).rows[0]?.note).toBe('after the errors');
    await client.transaction(async (tx) => {
      await tx.query(UPDATE, [1, 'committed']);
    });
    expect((await plain('select note from items where id = 1')).rows).toEqual([{ note: 'committed' }]);
    await client.query(UPDATE, [1, 'after the errors']);
    // A transaction's object after it ended refuses, as PGlite's does.
    let kept: { query: PGlite['query'] } | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query(SELECT, [1])).rejects.toThrow('Transaction is closed');
  });

  it('prepares a statement again when a DDL changed its columns or the database dropped it', async () => {
    await client.exec('create table shape (a integer)');
    await client.exec('insert into shape values (1)');
    const all = 'select * from shape where a = $1';
    expect((await client.query(all, [1])).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table shape add column b text');
    expect((await client.query(all, [1])).rows).toEqual([{ a: 1, b: null }]);
    await client.exec('deallocate all');
    expect((await client.query(all, [1])).rows).toEqual([{ a: 1, b: null }]);
    expect((await client.query(SELECT, [1])).rows).toHaveLength(1);
  });

  it('leaves COPY to PGlite, blob or not', async () => {
    const copied = await client.query("copy (select id from items where id = 1) to '/dev/blob'");
    expect(await copied.blob?.text()).toBe('1\n');
  });

  it('in a failed transaction a new statement fails as PGlite’s would, and works after the rollback', async () => {
    const err = await client
      .transaction(async (tx) => {
        await tx.query(INSERT, [1, {}, null, 'a duplicate']).catch(() => undefined);
        // A text not yet kept: a full cache closes one (allowed while failed), the parse is refused.
        await tx.query('select 42 as answer where $1::int = 1', [1]);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ code: '25P02' });
    expect((await client.query('select 42 as answer where $1::int = 1', [1])).rows).toEqual([{ answer: 42 }]);
  });

  it('refuses a cache of no statements', () => {
    expect(() => useNamedStatements(client, { maxStatements: 0 })).toThrow(RangeError);
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

  it('sends text parameters as PGlite’s own query does: multibyte, empty, NUL-free large text and null', async () => {
    const texts = ['£1,000 — ✓ 𝒳 café', '', 'x'.repeat(70_000), null];
    // The named path's own Bind (bindExecuteSync), not PGlite's serializer, sends every one of these.
    const theirs = vi.spyOn(protocol.serialize, 'bind');
    try {
      for (const [i, note] of texts.entries()) {
        const doc = { note, list: ['ü', 'ß', '😀'] };
        // The same values written both ways, then read back both ways: the same rows.
        const before = theirs.mock.calls.length;
        await client.query(INSERT, [200 + i, doc, null, note]);
        const named = await client.query<Record<string, unknown>>(SELECT, [200 + i]);
        expect(theirs.mock.calls.length).toBe(before);
        await plain(INSERT, [300 + i, doc, null, note]);
        const own = await plain<Record<string, unknown>>(SELECT, [300 + i]);
        expect({ ...named.rows[0], id: 0 }).toEqual({ ...own.rows[0], id: 0 });
        expect(named.rows).toEqual((await plain(SELECT, [200 + i])).rows);
        expect(named.rows[0]).toMatchObject({ doc, note });
      }
      // PGlite's own query, for the comparison, does use it: the spy sees it.
      expect(theirs).toHaveBeenCalled();
    } finally {
      theirs.mockRestore();
    }
  });

  it('writes Bind, Execute and Sync as the protocol defines them', () => {
    // 'B', length 28, portal "", statement "s", no format codes (all text), 3 values ('a', null, 'bc'), no
    // result format codes; then 'E' for the unnamed portal with no row limit, and 'S'.
    expect(Buffer.from(bindExecuteSync('s', ['a', null, 'bc'])).toString('hex')).toBe(
      '420000001c0073000000000300000001' +
        '61ffffffff000000026263' +
        '0000' +
        '45000000090000000000' +
        '5300000004',
    );
  });

  it('syncs the files after a statement as PGlite’s query does, unless told there is nothing to sync', async () => {
    for (const [syncToFs, expected] of [
      [false, 0],
      [true, 1],
    ] as const) {
      const other = await PGlite.create();
      try {
        let synced = 0;
        const sync = other.syncToFs.bind(other);
        other.syncToFs = () => {
          synced++;
          return sync();
        };
        useNamedStatements(other, { syncToFs });
        expect((await other.query<{ n: number }>('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
        expect(synced).toBe(expected);
      } finally {
        await other.close();
      }
    }
  });
});
