import type { VehicleFilterField, VehicleSpecification } from '@forecourt/contracts/lookups';

export type VehicleFilters = Partial<
  Record<VehicleFilterField | 'rangeEndYear' | 'engineCapacity' | 'vehicleCode', string>
>;

/** Vehicle data: registration look-up (DVLA/UKVD-style) and the ABI-style catalogue for the select tab. */
export interface VehicleProvider {
  readonly name: string;
  /** The vehicle registered under a normalised VRN (no spaces, upper case), or null when unknown. */
  lookupVrn(vrn: string): Promise<VehicleSpecification | null>;
  makes(year: number): Promise<string[]>;
  models(year: number, make: string): Promise<string[]>;
  variants(
    year: number,
    make: string,
    model: string,
    filters?: VehicleFilters,
  ): Promise<VehicleSpecification[]>;
}
