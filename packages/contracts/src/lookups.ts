import {
  INVALID_REGISTRATION_MESSAGE,
  isRegistration,
  normaliseRegistration,
} from '@forecourt/domain/patterns';
import { z } from 'zod';

/**
 * Lookup calls (spec 1 §7, spec 3 §7 "Lookups"): vehicles by registration and by year/make/model/variant,
 * addresses in the Loqate-like find/retrieve shape, and reference-data tables. All need a session token.
 */

/**
 * UK registration: spaces and hyphens removed, upper-cased, in one of the domain's registration formats (the
 * one definition the quote and bind use too, ADR 349).
 */
export const normaliseVrn = normaliseRegistration;
export const isUkVrn = (vrn: string) => isRegistration(normaliseRegistration(vrn));

const vrnParam = z
  .string()
  .trim()
  .min(1, 'Enter a registration')
  .transform(normaliseVrn)
  .refine(isRegistration, INVALID_REGISTRATION_MESSAGE);

export const EARLIEST_VEHICLE_YEAR = 1940;
const yearParam = z.coerce
  .number()
  .int('Enter a whole year')
  .min(EARLIEST_VEHICLE_YEAR, `Year must be ${EARLIEST_VEHICLE_YEAR} or later`)
  .max(2100, 'Enter a valid year');
const profileParam = z.string().trim().max(64).optional();

export const vehicleSpecificationSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  primaryFuel: z.string(),
  secondaryFuel: z.string().nullable(),
  electricVehicleType: z.string().nullable(),
  bodyStyle: z.string(),
  transmission: z.string(),
  driveTrain: z.string(),
  /** Cubic centimetres; absent for battery-electric cars. */
  engineCapacity: z.number().int().optional(),
  engineLabel: z.string(),
  /** Kilowatts (the screen shows PS = kW × 1.01387, rounded). */
  enginePower: z.number().int(),
  numberOfSeats: z.number().int().min(1).max(9),
  rangeStartYear: z.number().int(),
  /** null = still on sale ('Present'). */
  rangeEndYear: z.number().int().nullable(),
  /** ISO dates of the manufacture period. */
  startDate: z.string(),
  endDate: z.string().nullable(),
  aspirationType: z.string(),
  imported: z.boolean(),
  /** Kilograms. */
  grossWeight: z.number().int(),
  steering: z.enum(['RHD', 'LHD']),
  vehicleCode: z.string(),
  /** Typical value in pence for this model year; absent when unknown. */
  value: z.number().int().nonnegative().optional(),
  /** Group 1-50; absent when it could not be determined (optional, not null, as the risk schema expects). */
  insuranceGroup: z.number().int().min(1).max(50).optional(),
});
export type VehicleSpecification = z.infer<typeof vehicleSpecificationSchema>;

/** Fields of a variant the select tab cascades on, in the spec's order (spec 1 §2.4). */
export const vehicleFilterFields = [
  'primaryFuel',
  'bodyStyle',
  'trim',
  'transmission',
  'driveTrain',
  'engineLabel',
  'enginePower',
  'numberOfSeats',
  'rangeStartYear',
  'secondaryFuel',
  'electricVehicleType',
  'startDate',
  'aspirationType',
] as const;
export type VehicleFilterField = (typeof vehicleFilterFields)[number];

export const vehicleVrnQuerySchema = z.object({ vrn: vrnParam, profile: profileParam });
export const vehicleLookupResponseSchema = z.object({
  vrn: z.string(),
  regLookup: z.literal(true),
  specification: vehicleSpecificationSchema,
});
export type VehicleLookupResponse = z.infer<typeof vehicleLookupResponseSchema>;

export const vehicleMakesQuerySchema = z.object({ year: yearParam, profile: profileParam });
export const vehicleMakesResponseSchema = z.object({ year: z.number().int(), makes: z.array(z.string()) });
export type VehicleMakesResponse = z.infer<typeof vehicleMakesResponseSchema>;

const nameParam = z.string().trim().min(1, 'Required').max(64);
export const vehicleModelsQuerySchema = z.object({ year: yearParam, make: nameParam, profile: profileParam });
export const vehicleModelsResponseSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  models: z.array(z.string()),
});
export type VehicleModelsResponse = z.infer<typeof vehicleModelsResponseSchema>;

/** Optional exact-match filters on any cascading field; an empty value matches "none" (null). */
const filterParams = Object.fromEntries(
  [...vehicleFilterFields, 'rangeEndYear', 'engineCapacity', 'vehicleCode'].map((f) => [
    f,
    z.string().max(64).optional(),
  ]),
) as Record<
  VehicleFilterField | 'rangeEndYear' | 'engineCapacity' | 'vehicleCode',
  z.ZodOptional<z.ZodString>
>;
export const vehicleVariantsQuerySchema = z.object({
  year: yearParam,
  make: nameParam,
  model: nameParam,
  profile: profileParam,
  ...filterParams,
});
export type VehicleVariantsQuery = z.infer<typeof vehicleVariantsQuerySchema>;
export const vehicleVariantsResponseSchema = z.object({ vehicles: z.array(vehicleSpecificationSchema) });
export type VehicleVariantsResponse = z.infer<typeof vehicleVariantsResponseSchema>;

// ---- Addresses (Loqate-like find and retrieve) ----

export const addressServiceSchema = z.literal('GBR', { error: 'Only GBR addresses are supported' });
export const addressFindQuerySchema = z.object({
  service: addressServiceSchema.default('GBR'),
  text: z.string().trim().max(100, 'Search text is too long').default(''),
  /** The id of a Postcode result, to list the addresses inside it. */
  container: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type AddressFindQuery = z.infer<typeof addressFindQuerySchema>;
export const addressFindItemSchema = z.object({
  id: z.string(),
  type: z.enum(['Postcode', 'Address']),
  text: z.string(),
  description: z.string(),
});
export type AddressFindItem = z.infer<typeof addressFindItemSchema>;
export const addressFindResponseSchema = z.object({ items: z.array(addressFindItemSchema) });
export type AddressFindResponse = z.infer<typeof addressFindResponseSchema>;

export const addressIdParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });
export const addressRetrieveQuerySchema = z.object({ service: addressServiceSchema.default('GBR') });
export const addressSchema = z.object({
  id: z.string(),
  type: z.literal('Address'),
  text: z.string(),
  description: z.string(),
  label: z.string(),
  company: z.string(),
  department: z.string(),
  line1: z.string(),
  line2: z.string(),
  line3: z.string(),
  line4: z.string(),
  line5: z.string(),
  city: z.string(),
  postalCode: z.string(),
  countryName: z.string(),
  countryIso2: z.string(),
  countryIso3: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

// ---- Reference-data tables ----

export const dataTables = ['occupations', 'industries', 'convictions', 'claim-types'] as const;
export type DataTable = (typeof dataTables)[number];
/** Characters needed before a text search (spec 3 §5); 0 = the whole table may be listed. */
export const minimumLookupChars: Record<DataTable, number> = {
  occupations: 3,
  industries: 3,
  convictions: 2,
  'claim-types': 0,
};
export const dataTableParamsSchema = z.object({
  table: z.enum(dataTables, { error: `Table must be one of ${dataTables.join(', ')}` }),
});
export const dataSearchQuerySchema = z.object({
  searchTerm: z.string().trim().max(60, 'Search text is too long').default(''),
});
export const dataEntryParamsSchema = dataTableParamsSchema.extend({
  entry: z.string().trim().min(1).max(80),
});
export const dataEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  /** A grouping or meaning where the table has one (e.g. conviction offence group). */
  description: z.string().optional(),
});
export type DataEntry = z.infer<typeof dataEntrySchema>;
export const dataSearchResponseSchema = z.object({ items: z.array(dataEntrySchema) });
export type DataSearchResponse = z.infer<typeof dataSearchResponseSchema>;
