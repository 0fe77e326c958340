import type PgBoss from 'pg-boss';
import type { AppServices } from '../../lib/context.ts';
import { purgeIdempotencyKeys } from '../../lib/idempotency.ts';
import { SANDBOX_MANDATE_ACTIVATION, type SandboxDirectDebit } from '../../providers/direct-debit/sandbox.ts';

export const IDEMPOTENCY_PURGE = 'idempotency-purge';

/** Payment jobs: old idempotency keys purged hourly; the sandbox bank approving mandates after a delay. */
export async function registerPaymentJobs(boss: PgBoss, services: AppServices) {
  await boss.createQueue(IDEMPOTENCY_PURGE, { name: IDEMPOTENCY_PURGE, policy: 'singleton' });
  await boss.work(IDEMPOTENCY_PURGE, async () => {
    await purgeIdempotencyKeys(services.db, services.clock.now());
  });
  await boss.schedule(IDEMPOTENCY_PURGE, '17 * * * *');
  const dd = services.providers.directDebit;
  if (dd.name !== 'sandbox') return;
  await boss.createQueue(SANDBOX_MANDATE_ACTIVATION, { name: SANDBOX_MANDATE_ACTIVATION, retryLimit: 5 });
  await boss.work<{ mandateId: string }>(
    SANDBOX_MANDATE_ACTIVATION,
    { pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await (dd as SandboxDirectDebit).activateMandate(job.data.mandateId);
    },
  );
}
