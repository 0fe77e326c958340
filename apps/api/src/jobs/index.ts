import type PgBoss from 'pg-boss';
import type { AppServices } from '../lib/context.ts';
import { dispatchOutbox } from '../lib/outbox.ts';
import { registerDocumentJobs } from '../modules/documents/jobs.ts';
import { registerIdentityJobs } from '../modules/identity/jobs.ts';
import { registerPaymentJobs } from '../modules/payments/jobs.ts';
import { registerPolicyJobs } from '../modules/policies/activate-policies.ts';
import { registerQuoteExpiry } from '../modules/proposals/expire-quotes.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';

export const OUTBOX_DISPATCH = 'outbox-dispatch';

/** Job definitions: queue name, schedule, handler. Later modules add theirs here. */
export async function registerJobs(boss: PgBoss, services: AppServices, mail: MailProvider) {
  await boss.createQueue(OUTBOX_DISPATCH, { name: OUTBOX_DISPATCH, policy: 'singleton' });
  await boss.work(OUTBOX_DISPATCH, { pollingIntervalSeconds: 2 }, async () => {
    await dispatchOutbox(services.db, mail, services.clock.now(), services.providers.storage);
  });
  await boss.schedule(OUTBOX_DISPATCH, '* * * * *');
  await registerPaymentJobs(boss, services);
  await registerDocumentJobs(boss, services);
  await registerPolicyJobs(boss, services);
  await registerQuoteExpiry(boss, services);
  await registerIdentityJobs(boss, services);
}

/** Ask for delivery now rather than at the next minute. */
export async function kickOutbox(services: AppServices) {
  await services.boss?.send(OUTBOX_DISPATCH, {});
}
