import type { Policyholder } from '@forecourt/contracts/identity';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findCustomer, toPolicyholder } from './account-queries.ts';

/** GET /api/policyholder: the caller's account (an anonymous visitor has none: 404). */
export async function getPolicyholder(ctx: Ctx): Promise<Policyholder> {
  const partyId = requireParty(ctx.caller);
  const row = await findCustomer(ctx.db, partyId);
  if (!row) throw notFound('No account');
  return toPolicyholder(row, ctx.env);
}
