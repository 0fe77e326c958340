import { buildApp } from '../app.ts';
import { ledgerBreaks } from '../modules/billing/index.ts';

/**
 * npm run ledger:check — the double-entry ledger invariant (issue 26) over the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR, which must not be in use): prints each customer whose
 * money received less refunds differs from their cash lines, as JSON lines, and exits 1 when there is any.
 */
async function main() {
  const app = await buildApp({ env: { JOBS: 'false', SEED_DEMO_DATA: 'false' }, logger: false });
  try {
    const breaks = await ledgerBreaks(app.services.db);
    for (const b of breaks) process.stdout.write(`${JSON.stringify(b)}\n`);
    process.stdout.write(`${breaks.length} ledger breaks\n`);
    process.exitCode = breaks.length > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
