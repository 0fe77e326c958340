import type { Address } from '@forecourt/contracts/lookups';

/** An address as the address screens hold it (the search's pick or the manual form's lines). */
export type AddressValue = Partial<Omit<Address, 'type'>>;

const STREET = ['line1', 'line2', 'line3', 'line4', 'line5', 'city', 'postalCode'] as const;

/** An address's lines as the screens show them: the organisation first, then the street, town and postcode. */
export const ADDRESS_LINES = ['company', 'department', ...STREET] as const;

/** The parts of an address the risk model keeps, in the order it keeps them. */
const ADDRESS_KEYS = [...STREET, 'countryName', 'company', 'department'] as const;

/** The address as the risk model keeps it: its lines, no lookup ids or labels, no empty parts. */
export function pickAddress(a: AddressValue): Record<string, string> {
  return Object.fromEntries(
    ADDRESS_KEYS.flatMap((k) => {
      const v = (a as Record<string, unknown>)[k];
      return typeof v === 'string' && v !== '' ? [[k, v]] : [];
    }),
  );
}
