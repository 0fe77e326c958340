import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { format, parseISO } from 'date-fns';

/** Spec 1 §5.3 / §9: power × 1.01387, rounded, shown as PS. */
export const POWER_FACTOR = 1.01387;
export const toPs = (enginePower: number) => Math.round(enginePower * POWER_FACTOR);

/** Engine capacity in litres to one decimal ('1.0'), or null for a car without one. */
export const toLitres = (cc: number | null | undefined) => (cc ? (cc / 1000).toFixed(1) : null);

const monthYear = (iso: string) => format(parseISO(iso), 'MMM yyyy');

/** '2017 - 2023' or '2017 - Present' (open ranges). */
export const yearRange = (start: number, end: number | null, present: string) =>
  `${start} - ${end ?? present}`;

/** 'Aug 2017 - Feb 2023' or 'Aug 2017 - Present'. */
export const manufacturePeriod = (v: Pick<VehicleSpecification, 'startDate' | 'endDate'>, present: string) =>
  `${monthYear(v.startDate)} - ${v.endDate ? monthYear(v.endDate) : present}`;

/** Years offered by the select tab: the current year back to the earliest (default 1940). */
export function manufactureYears(currentYear: number, earliestYear = 1940): number[] {
  const out: number[] = [];
  for (let y = currentYear; y >= earliestYear; y--) out.push(y);
  return out;
}
