import { randomUUID } from 'node:crypto';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { outbox } from '../src/db/schema/index.ts';
import { anyOf, insertRows, valuesTable } from '../src/db/values.ts';
import { freshDatabase } from './helpers/test-app.ts';

// The billing run's bulk helpers (ADR 320, amendment of 2026-11-26): rows sent as one JSON parameter must land
// exactly as drizzle's own multi-row INSERT would put them, on PGlite and on PostgreSQL.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrate(database);
});
afterAll(() => drop());

const awkward = `quote ' double " backslash \\ newline \n emoji 🚗 brace { } comma , $1`;

function message(i: number, extra: Partial<typeof outbox.$inferInsert> = {}): typeof outbox.$inferInsert {
  return {
    id: randomUUID(),
    channel: 'email',
    recipient: i % 2 ? null : `p${i}@example.test`,
    subject: `${awkward} ${i}`,
    body: `body ${i}`,
    payload: { i, text: awkward, nested: { list: [1, 'two', null], flag: true } },
    createdAt: new Date(Date.UTC(2026, 2, 29, 0, 59, 59, 123 + i)),
    ...extra,
  };
}

const read = (ids: string[]) =>
  database.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(asc(outbox.subject));
const withoutIds = (rows: Awaited<ReturnType<typeof read>>) => rows.map(({ id: _id, ...rest }) => rest);

describe('insertRows', () => {
  it('stores what drizzle stores: text with quotes and unicode, nulls, JSON, instants to the millisecond, defaults', async () => {
    const mine = Array.from({ length: 50 }, (_, i) => message(i));
    const theirs = mine.map((m) => ({ ...m, id: randomUUID() }));
    await insertRows(database.db, outbox, mine);
    await database.db.insert(outbox).values(theirs);
    const a = await read(mine.map((m) => m.id!));
    const b = await read(theirs.map((m) => m.id!));
    expect(a).toHaveLength(50);
    expect(withoutIds(a)).toEqual(withoutIds(b));
    expect(a[0]).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    expect(a.find((r) => r.subject === `${awkward} 7`)?.payload).toEqual(mine[7]?.payload);
  });

  it('rows that leave out different columns go through drizzle, with the same result', async () => {
    const rows = [message(1), message(2, { status: 'sent', attempts: 3 })];
    await insertRows(database.db, outbox, rows);
    const stored = await read(rows.map((r) => r.id!));
    expect(stored.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['sent', 3],
    ]);
  });

  it('an empty page writes nothing', async () => {
    await expect(insertRows(database.db, outbox, [])).resolves.toBeUndefined();
  });
});

describe('anyOf and valuesTable', () => {
  it('matches every id of a page given as one array, and none of an empty one', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => message(1000 + i));
    await insertRows(database.db, outbox, rows);
    const ids = rows.map((r) => r.id!);
    const found = await database.db.select({ id: outbox.id }).from(outbox).where(anyOf(outbox.id, ids));
    expect(found.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await database.db.select().from(outbox).where(anyOf(outbox.id, []))).toEqual([]);
    const subjects = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(anyOf(outbox.subject, [`${awkward} 1000`], 'text'));
    expect(subjects).toEqual([{ id: rows[0]?.id }]);
  });

  it('a table of typed rows for UPDATE … FROM keeps each cell and its type', async () => {
    const rows = [message(3000), message(3001)];
    await insertRows(database.db, outbox, rows);
    const when = new Date('2026-10-25T01:30:00.000Z');
    await database.db.execute(
      sql`UPDATE outbox o SET last_error = v.err, attempts = v.n, sent_at = v.at
          FROM ${valuesTable('v', 'id uuid, err text, n integer, at timestamptz', [
            [rows[0]?.id, awkward, 2, when],
            [rows[1]?.id, null, 5, null],
          ])}
          WHERE o.id = v.id`,
    );
    const stored = await read(rows.map((r) => r.id!));
    expect(stored.map((r) => [r.lastError, r.attempts, r.sentAt?.toISOString() ?? null])).toEqual([
      [awkward, 2, when.toISOString()],
      [null, 5, null],
    ]);
  });
});
