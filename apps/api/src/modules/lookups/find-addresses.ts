import type { AddressFindQuery, AddressFindResponse } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';

/** Find: postcodes (containers) and addresses matching the text, or the addresses inside a container. */
export async function findAddresses(ctx: Ctx, input: AddressFindQuery): Promise<AddressFindResponse> {
  if (!input.text && !input.container) return { items: [] };
  const items = await ctx.providers.addresses.find({
    text: input.text,
    container: input.container,
    country: input.service,
    limit: input.limit,
  });
  return { items };
}
