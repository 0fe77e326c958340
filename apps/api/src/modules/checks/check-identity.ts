import type { IdCheckResponse } from '@forecourt/contracts/checks';
import type { Ctx } from '../../lib/context.ts';
import { runCheck } from './run-check.ts';

/** PUT /api/proposals/{code}/id-check: the quick identity check before add-ons (spec 3 §4 step 4). */
export async function checkIdentity(ctx: Ctx, proposalCode: string): Promise<IdCheckResponse> {
  const { isClear } = await runCheck(ctx, proposalCode, 'id-check');
  return { isClear };
}
