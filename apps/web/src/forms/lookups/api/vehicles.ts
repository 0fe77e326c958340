import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Vehicle lookups (spec 1 §7: lookupVehicle, lookupVehicleMakes, lookupVehicleModels, lookupVehicles). */
export const lookupVehicle = (vrn: string, profile?: string) =>
  call(endpoints.vehicleByVrn, { query: { vrn, profile } });

/** Registration search: a 404 (or any failure) shows the not-found message, not the error modal. */
export function useVehicleByVrn(profile?: string) {
  return useMutation({
    mutationFn: (vrn: string) => lookupVehicle(vrn, profile),
    meta: { errorModal: false },
  });
}

export function useVehicleMakes(year: number | undefined, profile?: string) {
  return useQuery({
    queryKey: queryKeys.vehicleMakes(year),
    queryFn: () => call(endpoints.vehicleMakes, { query: { year, profile } }),
    enabled: year !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVehicleModels(year: number | undefined, make: string | undefined, profile?: string) {
  return useQuery({
    queryKey: queryKeys.vehicleModels(year, make),
    queryFn: () => call(endpoints.vehicleModels, { query: { year, make: make ?? '', profile } }), // enabled only with a make
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
    queryKey: queryKeys.vehicleVariants(year, make, model),
    queryFn: () =>
      call(endpoints.vehicleVariants, { query: { year, make: make ?? '', model: model ?? '', profile } }),
    enabled: year !== undefined && !!make && !!model,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
