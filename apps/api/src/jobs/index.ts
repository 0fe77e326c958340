import type PgBoss from 'pg-boss';
import type { AppServices } from '../lib/context.ts';
import { cancellationDueJob } from '../modules/adjustments/index.ts';
import { billingRunJob, ledgerCheckJob, refundPayoutJob, renewedYearJob } from '../modules/billing/index.ts';
import { documentJobs } from '../modules/documents/index.ts';
import { identityPurgeJob } from '../modules/identity/index.ts';
import { partnerWebhooksJob } from '../modules/partners/index.ts';
import { policyActivationJob } from '../modules/policies/index.ts';
import { quoteExpiryJob } from '../modules/proposals/index.ts';
import { renewalJobs } from '../modules/renewals/index.ts';
import { sandboxCardRefundsJob } from '../providers/card-payments/sandbox.ts';
import {
  sandboxDirectDebitPaymentsJob,
  sandboxMandateActivationJob,
} from '../providers/direct-debit/sandbox.ts';
import { domainEventsJob } from './domain-events.ts';
import { idempotencyPurgeJob } from './idempotency-purge.ts';
import { outboxDispatchJob } from './outbox-dispatch.ts';
import { type JobDefinition, registerJobDefinitions } from './registry.ts';

/**
 * Every background job, registered from this one list (ADR 155). A job is defined once, next to the code it
 * runs (`defineJob` in jobs/registry.ts), and added here; modules send jobs with `enqueue`, never by name.
 */
export const jobs: readonly JobDefinition[] = [
  outboxDispatchJob,
  domainEventsJob,
  idempotencyPurgeJob,
  sandboxMandateActivationJob,
  sandboxDirectDebitPaymentsJob,
  sandboxCardRefundsJob,
  ...documentJobs,
  policyActivationJob,
  quoteExpiryJob,
  identityPurgeJob,
  billingRunJob,
  renewedYearJob,
  refundPayoutJob,
  ledgerCheckJob,
  cancellationDueJob,
  ...renewalJobs,
  partnerWebhooksJob,
];

export async function registerJobs(boss: PgBoss, services: AppServices) {
  await registerJobDefinitions(boss, services, jobs);
}
