import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './connection.ts';

/**
 * PostgreSQL's autovacuum, for the embedded database (ADR 339). PGlite runs PostgreSQL as one backend with no
 * background processes, so its autovacuum launcher never starts: `autovacuum` reads `on`, yet no table is ever
 * vacuumed or analysed. Every UPDATE leaves its old row behind (a PATCH of a proposal, about 6 KB of JSON, and
 * every job pg-boss moves), so the data folder grows without end and reads wade through dead rows: 60
 * proposals saved 20,000 times took 117 MB. The planner never gets statistics either.
 *
 * So the server does what the launcher would: it reads the statistics PostgreSQL keeps (`pg_stat_all_tables`,
 * the system catalogs included) and vacuums or analyses each table that crosses PostgreSQL's autovacuum
 * thresholds, read from its settings: dead rows, inserts since the last vacuum, changes since the last analyse,
 * and the age of the oldest transaction and multixact ids (a plain VACUUM then freezes them). Per-table
 * storage options are not read: no table here sets one.
 *
 * PGlite also starts with blank statistics each time it opens a database (they are not kept across a
 * restart), which would hide the dead rows left before it: so a table with pages and no vacuum or analyse on
 * record since the statistics began is vacuumed and analysed once. As autovacuum, it works on tables and
 * materialised views, not on a partitioned table's parent (pg-boss's `job`): its partitions are tables of their
 * own, and the parent has no rows or transaction age of its own.
 *
 * The WebAssembly runs in the server's thread, so a VACUUM holds the whole process: one table per statement,
 * and the event loop comes round before each, so requests are served between tables.
 */

export interface MaintenanceWork {
  table: string;
  vacuum: boolean;
  analyze: boolean;
  ms: number;
  /** Why it failed, when it did. */
  error?: string;
}

/** The tables that need it now, each with what PostgreSQL's autovacuum would run on it. */
const DUE = `
  with v as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as threshold,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as scale,
           current_setting('autovacuum_vacuum_max_threshold')::float8 as max_threshold,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as ins_threshold,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as ins_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as an_threshold,
           current_setting('autovacuum_analyze_scale_factor')::float8 as an_scale,
           current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age,
           current_setting('autovacuum_multixact_freeze_max_age')::float8 as mxid_freeze_max_age
  ), due as (
    select format('%I.%I', s.schemaname, s.relname) as "table", s.n_dead_tup,
           coalesce(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) is null
             and pg_relation_size(c.oid) > 0 as blank,
           s.n_dead_tup > case
             when v.max_threshold < 0 then v.threshold + v.scale * greatest(c.reltuples, 0)
             else least(v.threshold + v.scale * greatest(c.reltuples, 0), v.max_threshold)
           end
             or (v.ins_threshold >= 0
               and s.n_ins_since_vacuum > v.ins_threshold + v.ins_scale * greatest(c.reltuples, 0))
             or age(c.relfrozenxid) > v.freeze_max_age
             or mxid_age(c.relminmxid) > v.mxid_freeze_max_age as vacuum_due,
           -- As autovacuum: pg_statistic is never analysed (ANALYZE skips it, so its count would never reset).
           c.oid <> 'pg_catalog.pg_statistic'::regclass
             and s.n_mod_since_analyze > v.an_threshold + v.an_scale * greatest(c.reltuples, 0) as analyze_due
      from pg_stat_all_tables s
      join pg_class c on c.oid = s.relid
      cross join v
     where c.relkind in ('r', 'm') and s.schemaname not in ('pg_toast', 'information_schema')
  )
  select "table", blank or vacuum_due as "vacuum", blank or analyze_due as "analyze"
    from due
   where blank or vacuum_due or analyze_due
   order by n_dead_tup desc`;

/** Undefined table: dropped between the list and its turn (pg-boss drops a queue's partition). */
const GONE = '42P01';

/**
 * One pass: vacuums and analyses each table that is due, and says what it did. A table that fails is reported
 * with its error and the pass goes on to the next; one dropped meanwhile is left out. An aborted signal ends the
 * pass before its next table.
 */
export async function maintainEmbedded(
  database: Database,
  options: { signal?: AbortSignal } = {},
): Promise<MaintenanceWork[]> {
  // The backend reports its counts when it is next idle, at most once a second: first have them reported now.
  await database.query('select pg_stat_force_next_flush()');
  const { rows } = await database.query(DUE);
  const done: MaintenanceWork[] = [];
  for (const row of rows) {
    await new Promise((resolve) => setImmediate(resolve));
    if (options.signal?.aborted) break;
    const table = String(row.table);
    const vacuum = row.vacuum === true;
    const analyze = row.analyze === true;
    const started = performance.now();
    try {
      // The name comes quoted from format('%I.%I'); VACUUM cannot run in a transaction, so it is sent alone.
      await database.exec(vacuum ? `VACUUM${analyze ? ' (ANALYZE)' : ''} ${table}` : `ANALYZE ${table}`);
      done.push({ table, vacuum, analyze, ms: Math.round(performance.now() - started) });
    } catch (err) {
      if ((err as { code?: string }).code === GONE) continue;
      done.push({ table, vacuum, analyze, ms: Math.round(performance.now() - started), error: String(err) });
    }
  }
  return done;
}

/**
 * Runs a pass `everyMs` after the last one ended (as autovacuum_naptime does), on an unreferenced timer, while
 * the process lives. A failed pass or table is logged and the next pass tries again. `stop` ends a pass under
 * way before its next table and waits for it, so the database can be closed after it.
 */
export function scheduleEmbeddedMaintenance(
  database: Database,
  options: { everyMs: number; log: Pick<FastifyBaseLogger, 'info' | 'error'> },
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const pass = async () => {
    try {
      const work = await maintainEmbedded(database, { signal: stopping.signal });
      const failed = work.filter((w) => w.error);
      const done = work.filter((w) => !w.error);
      if (done.length > 0) options.log.info({ tables: done }, 'embedded database maintained');
      if (failed.length > 0) options.log.error({ tables: failed }, 'embedded database maintenance failed');
    } catch (err) {
      options.log.error({ err }, 'embedded database maintenance failed');
    }
  };
  const next = () => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        next();
      });
    }, options.everyMs);
    timer.unref();
  };
  next();
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
