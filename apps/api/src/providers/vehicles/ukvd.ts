import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { AppError } from '../../lib/errors.ts';
import { getJson } from '../reference-data/http-json.ts';
import type { VehicleProvider } from './vehicle-provider.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const title = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * A DVLA/UKVD-style VRM data API (UK Vehicle Data "VehicleData" package): GET {VEHICLE_API_URL}?v=2&
 * api_nullitems=1&auth_apikey={VEHICLE_API_KEY}&key_VRM={vrn}. The registration look-up goes to the
 * service; the year/make/model catalogue (and the value and insurance group the service does not give)
 * come from `catalogue`, matched by the ABI code the service returns.
 */
export function ukvdVehicleProvider(
  apiUrl: string,
  apiKey: string,
  catalogue: VehicleProvider,
): VehicleProvider {
  return {
    name: 'ukvd',
    makes: (year) => catalogue.makes(year),
    models: (year, make) => catalogue.models(year, make),
    variants: (year, make, model, filters) => catalogue.variants(year, make, model, filters),
    async lookupVrn(vrn) {
      const url = new URL(apiUrl);
      url.searchParams.set('v', '2');
      url.searchParams.set('api_nullitems', '1');
      url.searchParams.set('auth_apikey', apiKey);
      url.searchParams.set('key_VRM', vrn);
      const response = obj(obj(await getJson(url, 'vehicle')).Response);
      const status = str(response.StatusCode);
      if (status === 'KeyInvalidOrNoRecordFound' || status === 'NoRecordFound' || status === 'ItemNotFound')
        return null;
      if (status !== 'Success') {
        throw new AppError('UNAVAILABLE', `Vehicle service status ${status ?? 'unknown'}`);
      }
      const items = obj(response.DataItems);
      const reg = obj(items.VehicleRegistration);
      const smmt = obj(items.SmmtDetails);
      const tech = obj(items.TechnicalDetails);
      const year =
        int(reg.YearOfManufacture) ?? (Number.parseInt(str(reg.YearOfManufacture) ?? '', 10) || null);
      const make = str(smmt.Marque) ?? str(reg.Make);
      if (!year || !make) return null;
      const model = str(smmt.Range) ?? str(reg.Model) ?? '';
      const abiCode = str(reg.AbiCode) ?? str(obj(items.VehicleIdentification).AbiCode);
      if (abiCode) {
        const [match] = await catalogue.variants(year, make, model, { vehicleCode: abiCode });
        if (match) return match;
      }
      const capacity = int(reg.EngineCapacity) ?? int(smmt.EngineCapacity);
      const kw = int(obj(obj(tech.Performance).Power).Kw);
      const firstReg = str(reg.DateFirstRegistered)?.slice(0, 10) ?? `${year}-01-01`;
      const fuel = title(str(smmt.FuelType) ?? str(reg.FuelType) ?? 'Unknown');
      const spec: VehicleSpecification = {
        year,
        make: title(make),
        model,
        trim: str(smmt.Trim) ?? str(reg.Model) ?? '',
        primaryFuel: fuel,
        secondaryFuel: null,
        electricVehicleType: fuel === 'Electric' ? 'BEV' : null,
        bodyStyle: title(str(smmt.BodyStyle) ?? 'Unknown'),
        transmission: title(str(smmt.Transmission) ?? str(reg.Transmission) ?? 'Unknown'),
        driveTrain: str(smmt.DriveType) ?? 'Unknown',
        ...(capacity ? { engineCapacity: capacity } : {}),
        engineLabel: capacity ? `${(capacity / 1000).toFixed(1)}` : 'Electric',
        enginePower: kw ?? 0,
        numberOfSeats: int(reg.SeatingCapacity) ?? 5,
        rangeStartYear: year,
        rangeEndYear: null,
        startDate: firstReg,
        endDate: null,
        aspirationType: title(str(smmt.Aspiration) ?? 'Unknown'),
        imported: reg.Imported === true,
        grossWeight: int(reg.GrossWeight) ?? int(smmt.GrossWeight) ?? 0,
        steering: 'RHD',
        vehicleCode: abiCode ?? '',
      };
      return spec;
    },
  };
}
