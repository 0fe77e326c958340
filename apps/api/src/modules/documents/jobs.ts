import type PgBoss from 'pg-boss';
import { OUTBOX_DISPATCH } from '../../jobs/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { generatePolicyDocuments, POLICY_DOCUMENTS_QUEUE } from './generate-policy-documents.ts';

/** Policy documents are generated off the request path, retried on failure. */
export async function registerDocumentJobs(boss: PgBoss, services: AppServices) {
  await boss.createQueue(POLICY_DOCUMENTS_QUEUE, {
    name: POLICY_DOCUMENTS_QUEUE,
    retryLimit: 5,
    retryDelay: 30,
  });
  await boss.work<{ policyVersionId: string }>(
    POLICY_DOCUMENTS_QUEUE,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await generatePolicyDocuments(services, job.data.policyVersionId);
      // The confirmation e-mail waits in the outbox for these files: send it now rather than next minute.
      await services.boss?.send(OUTBOX_DISPATCH, {});
    },
  );
}
