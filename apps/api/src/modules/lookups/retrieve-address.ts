import type { Address } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

/** Retrieve: the full address of a find result; 404 for an unknown id. */
export async function retrieveAddress(ctx: Ctx, input: { id: string }): Promise<Address> {
  const address = await ctx.providers.addresses.retrieve(input.id);
  if (!address) throw notFound('We could not find that address');
  return address;
}
