import type { Env } from '../../config/env.ts';
import { embeddedVehicleProvider } from './embedded.ts';
import { ukvdVehicleProvider } from './ukvd.ts';
import type { VehicleProvider } from './vehicle-provider.ts';

/** Embedded catalogue by default; VEHICLE_API_URL and VEHICLE_API_KEY switch registrations to the real API. */
export function createVehicleProvider(env: Env): VehicleProvider {
  const embedded = embeddedVehicleProvider();
  return env.VEHICLE_API_URL && env.VEHICLE_API_KEY
    ? ukvdVehicleProvider(env.VEHICLE_API_URL, env.VEHICLE_API_KEY, embedded)
    : embedded;
}
