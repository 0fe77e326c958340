import type { VehicleLookupResponse } from '@forecourt/contracts/lookups';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

/** The registered vehicle for a (normalised) registration; 404 when the register has no such plate. */
export async function lookupVehicleByVrn(ctx: Ctx, input: { vrn: string }): Promise<VehicleLookupResponse> {
  const specification = await ctx.providers.vehicles.lookupVrn(input.vrn);
  if (!specification) throw notFound('We could not find a vehicle with that registration');
  return { vrn: input.vrn, regLookup: true, specification };
}
