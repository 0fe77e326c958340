import { POLICY_STATUSES } from '@forecourt/domain/enums';
import { z } from 'zod';

/** Bind (spec 3 §7 "POST /proposals/{code}/bind"): the policy made from a proposal. */
export const bindResponseSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  status: z.enum(['PENDING', 'ACTIVE']),
});
export type BindResponse = z.infer<typeof bindResponseSchema>;

export const policyStatusSchema = z.enum(POLICY_STATUSES);

/** A policy as the customer area reads it (spec 2 §3 Policy). */
export const policySchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  schemeCode: z.string(),
  policyRefNumber: z.string(),
  proposalCode: z.string(),
  policyDetail: z.object({
    policyStatus: policyStatusSchema,
    firstInceptedAt: z.string(),
    inceptedAt: z.string(),
    createdAt: z.string(),
    expiredAt: z.string().nullable(),
    terminatedAt: z.string().nullable(),
    renewalStopped: z.boolean(),
    autoRenewalEnabled: z.boolean(),
  }),
  currentPolicyVersion: z.object({
    versionNumber: z.number().int(),
    startedAt: z.string(),
    quote: z.record(z.string(), z.unknown()),
  }),
  /** Every version of the policy, oldest first: each keeps its own certificate and schedule. */
  versions: z.array(z.object({ versionNumber: z.number().int(), startedAt: z.string() })).optional(),
  reviewType: z.enum(['AUTO', 'NEVER', 'MANUAL']),
  renewalProposal: z.string().nullable(),
  upsellProposal: z.string().nullable(),
});
export type Policy = z.infer<typeof policySchema>;

export const policiesQuerySchema = z.object({ schemeCode: z.string().max(40).optional() });
