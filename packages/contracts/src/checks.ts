import { z } from 'zod';

/**
 * Identity and verification checks on a proposal's policyholder (spec 3 §3, §7): PUT
 * /api/proposals/{code}/id-check answers {isClear}; PUT /api/proposals/{code}/verify answers {isClear, checks}.
 * A check whose result is 'consider' failed.
 */
export const checkNames = ['identity', 'address', 'sanctions'] as const;
export const checkNameSchema = z.enum(checkNames);
export type CheckName = z.infer<typeof checkNameSchema>;

export const checkResultSchema = z.enum(['clear', 'consider']);
export type CheckResult = z.infer<typeof checkResultSchema>;

export const checkSchema = z.object({ name: checkNameSchema, result: checkResultSchema });
export type Check = z.infer<typeof checkSchema>;

export const idCheckResponseSchema = z.object({ isClear: z.boolean() });
export type IdCheckResponse = z.infer<typeof idCheckResponseSchema>;

export const verificationResponseSchema = z.object({
  isClear: z.boolean(),
  checks: z.array(checkSchema),
});
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

/** The names of the failed checks of a verification (those whose result is 'consider'). */
export const failedChecks = (result: VerificationResponse): CheckName[] =>
  result.checks.filter((c) => c.result === 'consider').map((c) => c.name);
