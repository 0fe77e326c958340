import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/connection.ts';

/**
 * PGlite runs in the server's own thread: queries must let the event loop come round between them, or a busy
 * server stops reading its sockets (issue 15, connection.ts yieldToTheEventLoop).
 */
describe('the embedded database under load', () => {
  it('lets the event loop run between the queries of requests in flight', async () => {
    const database = await connect({});
    try {
      // Forty "requests" in flight, twenty-five queries each, one after another as a handler makes them: enough
      // work (1,000 queries) to last many of the 2 ms slices however fast or loaded the machine is.
      let done = false;
      const requests = Promise.all(
        Array.from({ length: 40 }, async () => {
          for (let q = 0; q < 25; q++) await database.query('select $1::int as n', [q]);
        }),
      ).then(() => {
        done = true;
      });
      // A timer chain counts the event loop's turns (timers phase) until the work is over.
      let turns = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          if (done) return resolve();
          turns += 1;
          setTimeout(tick, 0);
        };
        setTimeout(tick, 0);
      });
      await requests;
      // Without yielding, all 1,000 queries run in one drain of the microtask queue: the timer fires once at most.
      expect(turns).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });

  it('keeps the order of queries made in one go, and a transaction still sees its own writes', async () => {
    const database = await connect({});
    try {
      await database.exec('create table t (n int)');
      await Promise.all([1, 2, 3, 4, 5].map((n) => database.query('insert into t values ($1)', [n])));
      const { rows } = await database.query('select array_agg(n) as ns from (select n from t) s');
      expect(rows[0]?.ns).toEqual([1, 2, 3, 4, 5]);
      await database.pglite?.transaction(async (tx) => {
        await tx.query('insert into t values (6)');
        expect((await tx.query<{ c: number }>('select count(*)::int as c from t')).rows[0]?.c).toBe(6);
      });
    } finally {
      await database.close();
    }
  });
});
