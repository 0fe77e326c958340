import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { type BillingRunStep, runBillingDay } from '../modules/billing/index.ts';

/**
 * npm run billing:run -- [--at 2027-02-28T06:00:00Z] [--workers 4] [--steps] [--page 1000]
 * Runs the billing day (ADR 202) once, now or as of `--at` (a replay; the clock reads that instant), on the
 * configured database (DATABASE_URL, else the embedded one under DATA_DIR, which must not be in use), and
 * prints what it did as JSON. `--workers n` runs n billing runs at once in this process (on PostgreSQL they
 * share the due accounts through SKIP LOCKED; ADR 250); `--steps` prints a line per statement raised, payment
 * collected or failed, as it happens; `--page n` raises and collects n accounts per transaction (ADR 320; the
 * fault test uses small pages to be killed between them). Used by operations to catch up by hand, by the fault test and the bench.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      at: { type: 'string' },
      workers: { type: 'string', default: '1' },
      steps: { type: 'boolean', default: false },
      page: { type: 'string', default: '1000' },
    },
  });
  const at = values.at ? new Date(values.at) : new Date();
  const workers = Number(values.workers);
  if (Number.isNaN(at.getTime())) throw new Error('Give --at as an ISO date and time');
  if (!Number.isInteger(workers) || workers < 1 || workers > 8) throw new Error('Give --workers from 1 to 8');
  const page = Number(values.page);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new Error('Give --page from 1 to 10000');
  const app = await buildApp({
    env: { JOBS: 'false', SEED_DEMO_DATA: 'false' },
    clock: values.at ? { now: () => at } : undefined,
    logger: false,
  });
  try {
    const step = values.steps ? (s: BillingRunStep) => process.stdout.write(`${s}\n`) : undefined;
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: workers }, () => runBillingDay(app.services, at, step, { page })),
    );
    const total = { raised: 0, collected: 0, failed: 0, cancelled: 0 };
    for (const r of runs) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`${JSON.stringify({ at: at.toISOString(), workers, ms, ...total })}\n`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
