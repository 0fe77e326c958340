import type {
  VehicleLookupResponse,
  VehicleMakesResponse,
  VehicleModelsResponse,
  VehicleVariantsResponse,
} from '@forecourt/contracts/lookups';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** Vehicle lookups (spec 1 §7: lookupVehicle, lookupVehicleMakes, lookupVehicleModels, lookupVehicles). */
export const lookupVehicle = (vrn: string, profile?: string) =>
  api<VehicleLookupResponse>('/lookup/vehicles/vehicles/vrn', { query: { vrn, profile } });

/** Registration search: a 404 (or any failure) shows the not-found message, not the error modal. */
export function useVehicleByVrn(profile?: string) {
  return useMutation({
    mutationFn: (vrn: string) => lookupVehicle(vrn, profile),
    meta: { errorModal: false },
  });
}

export function useVehicleMakes(year: number | undefined, profile?: string) {
  return useQuery({
    queryKey: ['lookup', 'makes', year],
    queryFn: () => api<VehicleMakesResponse>('/lookup/vehicles/makes', { query: { year, profile } }),
    enabled: year !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVehicleModels(year: number | undefined, make: string | undefined, profile?: string) {
  return useQuery({
    queryKey: ['lookup', 'models', year, make],
    queryFn: () => api<VehicleModelsResponse>('/lookup/vehicles/models', { query: { year, make, profile } }),
    enabled: year !== undefined && !!make,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVehicleVariants(
  year: number | undefined,
  make: string | undefined,
  model: string | undefined,
  profile?: string,
) {
  return useQuery({
    queryKey: ['lookup', 'variants', year, make, model],
    queryFn: () =>
      api<VehicleVariantsResponse>('/lookup/vehicles/vehicles', { query: { year, make, model, profile } }),
    enabled: year !== undefined && !!make && !!model,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
