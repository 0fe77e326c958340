import type { VehicleVariantsQuery, VehicleVariantsResponse } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';
import type { VehicleFilters } from '../../providers/vehicles/vehicle-provider.ts';

/** The variants of a model in a year, narrowed by any of the cascading specification filters. */
export async function listVehicleVariants(
  ctx: Ctx,
  input: VehicleVariantsQuery,
): Promise<VehicleVariantsResponse> {
  const { year, make, model, profile: _profile, ...rest } = input;
  const filters: VehicleFilters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { vehicles: await ctx.providers.vehicles.variants(year, make, model, filters) };
}
