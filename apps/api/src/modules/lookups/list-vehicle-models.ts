import type { VehicleModelsResponse } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';

/** Models of a make in a year; empty means 'We couldn't find any {make} models manufactured in {year}'. */
export async function listVehicleModels(
  ctx: Ctx,
  input: { year: number; make: string },
): Promise<VehicleModelsResponse> {
  const models = await ctx.providers.vehicles.models(input.year, input.make);
  return { year: input.year, make: input.make, models };
}
