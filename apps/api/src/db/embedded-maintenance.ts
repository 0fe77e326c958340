import type { Database } from './connection.ts';

/**
 * PostgreSQL's autovacuum, for the embedded database (ADR 339). PGlite runs PostgreSQL as one backend with no
 * background processes, so its autovacuum launcher never starts: `autovacuum` reads `on`, yet no table is ever
 * vacuumed or analysed. Every UPDATE leaves its old row behind (a PATCH of a proposal, about 6 KB of JSON, and
 * every job pg-boss moves), so the data folder grows without end and reads wade through dead rows: 60
 * proposals saved 20,000 times took 117 MB. The planner never gets statistics either.
 *
 * So the server does what the launcher would: it reads the statistics PostgreSQL keeps
 * (`pg_stat_user_tables`) and vacuums or analyses each table that crosses PostgreSQL's own autovacuum
 * thresholds, read from its settings (`autovacuum_vacuum_threshold` + `autovacuum_vacuum_scale_factor` ×
 * rows, and the same for inserts and for analysing), or whose oldest transaction id is older than
 * `autovacuum_freeze_max_age` (a plain VACUUM then freezes it, so the database never reaches wraparound).
 * PGlite also starts with blank statistics each time it opens a database (they are not kept across a
 * restart), which would hide the dead rows left before it: so a table with pages and no vacuum or analyse on
 * record since the statistics began is vacuumed and analysed once. One table per statement: the one
 * connection serves requests between them.
 */

export interface MaintenanceWork {
  table: string;
  vacuum: boolean;
  analyze: boolean;
  ms: number;
}

/** The tables that need it now, each with what PostgreSQL's autovacuum would run on it. */
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
         (t.blank
           or s.n_dead_tup > v.threshold + v.scale * t.rows
           or s.n_ins_since_vacuum > v.ins_threshold + v.ins_scale * t.rows
           or age(c.relfrozenxid) > v.freeze_max_age) as vacuum,
         (t.blank or s.n_mod_since_analyze > v.an_threshold + v.an_scale * t.rows) as analyze
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    cross join lateral (
      select greatest(c.reltuples, 0) as rows,
             coalesce(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) is null
               and pg_relation_size(c.oid) > 0 as blank
    ) t
    cross join (
      select current_setting('autovacuum_vacuum_threshold')::float8 as threshold,
             current_setting('autovacuum_vacuum_scale_factor')::float8 as scale,
             current_setting('autovacuum_vacuum_insert_threshold')::float8 as ins_threshold,
             current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as ins_scale,
             current_setting('autovacuum_analyze_threshold')::float8 as an_threshold,
             current_setting('autovacuum_analyze_scale_factor')::float8 as an_scale,
             current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age
    ) v
   where t.blank
      or s.n_dead_tup > v.threshold + v.scale * t.rows
      or s.n_ins_since_vacuum > v.ins_threshold + v.ins_scale * t.rows
      or age(c.relfrozenxid) > v.freeze_max_age
      or s.n_mod_since_analyze > v.an_threshold + v.an_scale * t.rows
   order by s.n_dead_tup desc`;

/** One pass: vacuums and analyses each table that is due, and says what it did. */
export async function maintainEmbedded(database: Database): Promise<MaintenanceWork[]> {
  // The backend reports its counts when it is next idle, at most once a second: first have them reported now.
  await database.query('select pg_stat_force_next_flush()');
  const { rows } = await database.query(DUE);
  const done: MaintenanceWork[] = [];
  for (const row of rows) {
    const table = String(row.table);
    const vacuum = row.vacuum === true;
    const analyze = row.analyze === true;
    const started = performance.now();
    // The name comes quoted from format('%I.%I'); VACUUM cannot run in a transaction, so it is sent alone.
    await database.exec(vacuum ? `VACUUM${analyze ? ' (ANALYZE)' : ''} ${table}` : `ANALYZE ${table}`);
    done.push({ table, vacuum, analyze, ms: Math.round(performance.now() - started) });
  }
  return done;
}

export interface MaintenanceLog {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

/**
 * Runs a pass every `everyMs` (as autovacuum_naptime does), on an unreferenced timer, while the process lives.
 * A failed pass is logged and the next one tries again. `stop` waits for a pass under way, so the database
 * can be closed after it.
 */
export function scheduleEmbeddedMaintenance(
  database: Database,
  options: { everyMs: number; log: MaintenanceLog },
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const done = await maintainEmbedded(database);
      if (done.length > 0) options.log.info({ tables: done }, 'embedded database maintained');
    } catch (err) {
      options.log.error({ err }, 'embedded database maintenance failed');
    }
  };
  const next = () => {
    if (stopped) return;
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
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
