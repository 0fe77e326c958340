/**
 * The car's catalogue facts (issue 27 point 1, ADR 347): make, model, trim, engine, body, insurance group and
 * catalogue value are the vehicle lookup's answer for the car's key (the registration looked up, or the
 * catalogue code and year chosen on the select tab), never the customer's. One rule for proposals, mid-term
 * changes and renewal changes: the stored `asset.specification` is the lookup's, and a value sent that differs
 * from it is refused (`validation.vehicleFromLookup`). Staff holding `action:underwriting` may override it (the
 * API audits the override).
 */

/** The permission that lets staff override a catalogue value (and void a policy, ADR 240). */
export const UNDERWRITING_PERMISSION = 'action:underwriting';

/** The message key of a catalogue value the caller may not set. */
export const VEHICLE_FROM_LOOKUP = 'validation.vehicleFromLookup';
/** The message key of a key (registration, catalogue code) the lookup does not know. */
export const VEHICLE_NOT_FOUND = 'validation.vehicleNotFound';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How the server finds the car: by the registration looked up, or by the catalogue entry chosen. */
export type VehicleKey =
  | { by: 'registration'; vrn: string }
  | { by: 'catalogue'; vehicleCode: string; year: number; make: string; model: string }
  | { by: 'none' };

/** The key of the car the answers describe (`asset`: the stored answers' asset). */
export function vehicleKeyOf(asset: unknown): VehicleKey {
  const a = isObject(asset) ? asset : {};
  const spec = isObject(a.specification) ? a.specification : {};
  if (a.regLookup === true && typeof a.vrn === 'string' && a.vrn.trim() !== '')
    return { by: 'registration', vrn: a.vrn };
  const { vehicleCode, year, make, model } = spec;
  if (typeof vehicleCode === 'string' && vehicleCode !== '') {
    return {
      by: 'catalogue',
      vehicleCode,
      year: typeof year === 'number' ? year : Number.NaN,
      make: typeof make === 'string' ? make : '',
      model: typeof model === 'string' ? model : '',
    };
  }
  return { by: 'none' };
}

/** The parts of the asset the vehicle lookup answers or is keyed by. */
const vehiclePart = (asset: unknown) => {
  const a = isObject(asset) ? asset : {};
  return JSON.stringify([a.vrn ?? null, a.regLookup ?? null, a.specification ?? null]);
};

/** Whether the car (its key or its catalogue facts) differs between two versions of the answers' asset. */
export function vehicleChanged(before: unknown, after: unknown): boolean {
  return vehiclePart(before) !== vehiclePart(after);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The catalogue values of `sent` (the specification as the answers now hold it) that differ from the lookup's
 * `found` (null: the key found no car, or there is no key), keyed `asset.specification.<field>`. Fields left
 * out are not errors: the server fills them from the lookup. Without a key the specification may hold no
 * catalogue value at all (the car is then unidentified: INSUFFICIENT_ACCURACY, staff identify it).
 */
export function catalogueValueErrors(sent: unknown, found: Json | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const given = isObject(sent) ? sent : {};
  for (const [field, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (found && same(value, found[field])) continue;
    errors[`asset.specification.${field}`] = [VEHICLE_FROM_LOOKUP];
  }
  return errors;
}

/** Whether a caller may override the catalogue's values: staff holding `action:underwriting`. */
export function mayOverrideCatalogue(caller: { kind: string; permissions?: readonly string[] }): boolean {
  return caller.kind === 'admin' && (caller.permissions ?? []).includes(UNDERWRITING_PERMISSION);
}
