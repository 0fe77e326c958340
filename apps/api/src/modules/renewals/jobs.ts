import { z } from 'zod';
import { defineJob } from '../../jobs/registry.ts';
import { runRenewalInvitations } from './invite-renewals.ts';
import { runAnniversaries } from './run-anniversaries.ts';

/** Invitations: every morning at 06:00 London (and safe to run again: one renewal per policy and cycle). */
export const renewalInvitationJob = defineJob({
  name: 'renewal-invitations',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '0 6 * * *', payload: {} },
  async handler(services) {
    await runRenewalInvitations(services);
  },
});

/** Anniversaries: every 5 minutes, so a policy renews or ends within minutes of its expiry. */
export const renewalAnniversaryJob = defineJob({
  name: 'renewal-anniversaries',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '*/5 * * * *', payload: {} },
  async handler(services) {
    await runAnniversaries(services);
  },
});

export const renewalJobs = [renewalInvitationJob, renewalAnniversaryJob];
