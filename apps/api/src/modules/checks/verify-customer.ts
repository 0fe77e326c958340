import type { VerificationResponse } from '@forecourt/contracts/checks';
import type { Ctx } from '../../lib/context.ts';
import { runCheck } from './run-check.ts';

/** PUT /api/proposals/{code}/verify: the full verification before payment (spec 3 §4 step 6). */
export async function verifyCustomer(ctx: Ctx, proposalCode: string): Promise<VerificationResponse> {
  const { isClear, checks } = await runCheck(ctx, proposalCode, 'verify');
  return { isClear, checks };
}
