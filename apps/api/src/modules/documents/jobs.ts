import { z } from 'zod';
import { kickOutbox } from '../../jobs/outbox-dispatch.ts';
import { defineJob, enqueue } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';
import { generatePolicyDocuments, generatePolicyDocumentsBatch } from './generate-policy-documents.ts';

/**
 * Policy documents are generated off the request path, retried on failure. A worker takes up to 25 versions
 * per fetch; the process that sends the job wakes its own worker at once (jobs/registry.ts), and any other
 * process's within half a second (jobs/waker.ts). With one job per one-second poll a burst of binds waited
 * about a second per policy for its documents (issue 15).
 */
export const policyDocumentsJob = defineJob({
  name: 'policy-documents',
  payload: z.object({ policyVersionId: z.string().uuid() }),
  queue: { retryLimit: 5, retryDelay: 30 },
  work: { batchSize: 25 },
  send: { retryLimit: 5 },
  async handler(services, { policyVersionId }) {
    await generatePolicyDocuments(services, policyVersionId);
    // The confirmation e-mail waits in the outbox for these files: send it now rather than next minute.
    await kickOutbox(services);
  },
  // A batch: one read, one write and one outbox kick for all its versions (ADR 271).
  async batchHandler(services, payloads) {
    await generatePolicyDocumentsBatch(
      services,
      payloads.map((p) => p.policyVersionId),
    );
    await kickOutbox(services);
  },
});

/**
 * Ask for a version's documents: by job when jobs run, else right away (bind's `policy.bound` event does this
 * after commit, ADR 346).
 */
export async function requestPolicyDocuments(services: AppServices, policyVersionId: string) {
  const queued = await enqueue(services, policyDocumentsJob, { policyVersionId });
  if (queued === undefined) await generatePolicyDocuments(services, policyVersionId);
}

/** This module's jobs, for the registry's list (jobs/index.ts). */
export const documentJobs = [policyDocumentsJob];
