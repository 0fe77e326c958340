import type { VehicleMakesResponse } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';

/** Makes with at least one model in the year; empty means 'We couldn't find any models manufactured in {year}'. */
export async function listVehicleMakes(ctx: Ctx, input: { year: number }): Promise<VehicleMakesResponse> {
  return { year: input.year, makes: await ctx.providers.vehicles.makes(input.year) };
}
