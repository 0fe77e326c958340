import { z } from 'zod';

/** Bind (spec 3 §7 "POST /proposals/{code}/bind"): the policy made from a proposal. */
export const bindResponseSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  status: z.enum(['PENDING', 'ACTIVE']),
});
export type BindResponse = z.infer<typeof bindResponseSchema>;
