import type { Policyholder } from '@forecourt/contracts/identity';
import { customers } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { toPolicyholder } from './account-queries.ts';

/** GET /api/policyholder: the caller's account (an anonymous visitor has none: 404). */
export async function getPolicyholder(ctx: Ctx): Promise<Policyholder> {
  const row = await owned(ctx).first(customers);
  if (!row) throw notFound('No account');
  return toPolicyholder(row, ctx.env);
}
