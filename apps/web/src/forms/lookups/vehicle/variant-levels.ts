import {
  type VehicleFilterField,
  type VehicleSpecification,
  vehicleFilterFields,
} from '@forecourt/contracts/lookups';
import { manufacturePeriod, toLitres, toPs, yearRange } from './vehicle-format.ts';

/** Option value standing for a missing field (no secondary fuel, no electric type). */
export const NONE = '__none__';
export const NONE_OF_THE_ABOVE = 'None of the above';

export type VariantChoice = Partial<Record<VehicleFilterField, string>>;
export type VariantLevel = { key: VehicleFilterField; options: { value: string; label: string }[] };
export type LevelTexts = {
  none: string;
  present: string;
  ps: (ps: number) => string;
  litres: (l: string) => string;
};

const fieldValue = (v: VehicleSpecification, field: VehicleFilterField) => {
  const x = v[field];
  return x === null || x === undefined ? NONE : String(x);
};

function label(field: VehicleFilterField, value: string, sample: VehicleSpecification, texts: LevelTexts) {
  if (value === NONE) return texts.none;
  switch (field) {
    case 'enginePower':
      return texts.ps(toPs(sample.enginePower));
    case 'engineLabel': {
      const litres = toLitres(sample.engineCapacity);
      return litres ? `${value} (${texts.litres(litres)})` : value;
    }
    case 'rangeStartYear':
      return yearRange(sample.rangeStartYear, sample.rangeEndYear, texts.present);
    case 'startDate':
      return manufacturePeriod(sample, texts.present);
    default:
      return value;
  }
}

function compare(field: VehicleFilterField, a: string, b: string) {
  if (field === 'trim') {
    if (a === NONE_OF_THE_ABOVE) return -1;
    if (b === NONE_OF_THE_ABOVE) return 1;
  }
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a.localeCompare(b, 'en-GB');
}

const matches = (v: VehicleSpecification, choice: VariantChoice, fields: readonly VehicleFilterField[]) =>
  fields.every((f) => choice[f] === undefined || fieldValue(v, f) === choice[f]);

/**
 * The cascading drop-downs of the select tab (spec 1 §2.4), in the spec's order: only fields on which the
 * model's variants differ, each narrowed by the choices above it. 'None of the above' trim sorts first.
 */
export function variantLevels(
  variants: VehicleSpecification[],
  choice: VariantChoice,
  texts: LevelTexts,
): VariantLevel[] {
  const varying = vehicleFilterFields.filter((f) => new Set(variants.map((v) => fieldValue(v, f))).size > 1);
  return varying.map((field, i) => {
    const above = varying.slice(0, i);
    const left = variants.filter((v) => matches(v, choice, above));
    const samples = new Map<string, VehicleSpecification>();
    for (const v of left) if (!samples.has(fieldValue(v, field))) samples.set(fieldValue(v, field), v);
    const options = [...samples.keys()]
      .sort((a, b) => compare(field, a, b))
      .map((value) => ({
        value,
        label: label(field, value, samples.get(value) as VehicleSpecification, texts),
      }));
    return { key: field, options };
  });
}

/** The variant the choices identify: the only one left, or the first once every level is answered. */
export function chosenVariant(
  variants: VehicleSpecification[],
  choice: VariantChoice,
  levels: VariantLevel[],
): VehicleSpecification | undefined {
  const left = variants.filter((v) => matches(v, choice, vehicleFilterFields));
  if (left.length === 1) return left[0];
  if (left.length > 0 && levels.every((l) => choice[l.key] !== undefined)) return left[0];
  return undefined;
}
