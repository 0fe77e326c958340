import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { deliverPartnerWebhooks } from '../modules/partners/index.ts';

/**
 * tsx apps/api/src/cli/partner-webhooks.ts [--at 2027-02-28T06:00:00Z]
 * Runs the `partner-webhooks` job's work once (ADR 362), now or as of `--at` (the clock reads that instant: a
 * lease or a backoff can be let run out), on the configured database (DATABASE_URL, else the embedded one
 * under DATA_DIR, which must not be in use), and prints what it did as JSON. Used by operations to push
 * deliveries by hand and by the fault test, which kills it half-way.
 */
async function main() {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const at = values.at ? new Date(values.at) : undefined;
  if (at && Number.isNaN(at.getTime())) throw new Error('Give --at as an ISO date and time');
  const app = await buildApp({
    env: { JOBS: 'false', SEED_DEMO_DATA: 'false' },
    clock: at ? { now: () => at } : undefined,
    logger: false,
  });
  try {
    process.stdout.write('ready\n');
    const counts = await deliverPartnerWebhooks(app.services);
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
