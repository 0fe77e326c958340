import type PgBoss from 'pg-boss';
import type { AppServices } from '../../lib/context.ts';
import { SANDBOX_MANDATE_ACTIVATION, type SandboxDirectDebit } from '../../providers/direct-debit/sandbox.ts';

/** Payment jobs: the sandbox bank approving mandates after a short delay. */
export async function registerPaymentJobs(boss: PgBoss, services: AppServices) {
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
