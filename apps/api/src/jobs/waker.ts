import type PgBoss from 'pg-boss';
import { BOSS_SCHEMA } from './boss.ts';

/**
 * How often a worker polls on its own once the waker runs: only a safety net, should the waker's statement fail
 * (its error is reported on the boss's `error` event, which the app logs).
 */
export const SAFETY_POLL_SECONDS = 60;

/** How often the waker asks: pg-boss's shortest polling interval, so every due job starts within half a second. */
export const WAKE_MS = 500;

/**
 * The queues of this process that have a job ready to start: created or to be retried, and due (pg-boss 10's
 * job table, partitioned by queue; `job_i5` indexes exactly these rows). The schema is the app's (jobs/boss.ts).
 */
const READY = `SELECT DISTINCT name FROM ${BOSS_SCHEMA}.job
  WHERE name = ANY($1::text[]) AND state < 'active' AND start_after <= now()`;

/** After a failed statement the waker waits longer each time, up to this (the workers' own polls go on). */
const MAX_BACKOFF_MS = 30_000;

/**
 * One statement instead of a poll per queue (issue 29, ADR 371). pg-boss 10 polls each queue's worker on its own
 * (a fetch that locks, updates and returns rows), every 2 s unless a job says otherwise: for this app's queues
 * about eleven fetches a second, 21 ms of CPU a second on an idle PGlite server. Here one read every WAKE_MS
 * asks which queues have a job ready and wakes only their workers (`notifyWorker`); the workers poll on their
 * own only every SAFETY_POLL_SECONDS. A due job starts at most about half a second after it is due (plus the
 * statement and the wait for the database), whoever sent it: this process (which also wakes its worker at
 * once, `enqueue`), another process, pg-boss's cron, or a retry after its delay.
 */
export function wakeWorkersWithReadyJobs(
  boss: PgBoss,
  /** This process's workers by queue, read afresh each time (more may be registered later). */
  workers: ReadonlyMap<string, readonly string[]>,
  everyMs = WAKE_MS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Failures in a row: the first is reported, then the waker backs off (the workers still poll on their own)
  // and reports again when it works, so a lasting fault is not an error every half second.
  let failures = 0;
  const report = (err: unknown) => {
    if (!stopped && boss.listenerCount('error') > 0) boss.emit('error', err);
  };
  const tick = async () => {
    try {
      const { rows } = await boss.getDb().executeSql(READY, [[...workers.keys()]]);
      for (const { name } of rows as { name: string }[])
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      if (failures > 0) report(new Error(`The job waker works again after ${failures} failed attempts`));
      failures = 0;
    } catch (err) {
      if (failures === 0) report(err);
      failures++;
    }
    if (!stopped) timer = setTimeout(tick, Math.min(everyMs * 2 ** failures, MAX_BACKOFF_MS)).unref();
  };
  timer = setTimeout(tick, everyMs).unref();
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  boss.once('stopped', stop);
  return stop;
}
