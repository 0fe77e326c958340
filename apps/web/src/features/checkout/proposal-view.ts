import type { Proposal } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';

type Address = Partial<
  Record<'company' | 'line1' | 'line2' | 'line3' | 'line4' | 'line5' | 'city' | 'postalCode', string>
>;

/** The whole address on one line: every line (the street too, when line 1 is a flat), town and postcode. */
export function addressLine(address: Address | undefined): string {
  if (!address) return '';
  const { line1, line2, line3, line4, line5, city, postalCode } = address;
  return [line1, line2, line3, line4, line5, city, postalCode].filter(Boolean).join(', ');
}

/** 'Ford Focus Titanium 1.0 EcoBoost' from the quote's vehicle specification. */
export function vehicleName(proposal: Proposal): string {
  const spec = (proposal.quote?.specification ?? {}) as Record<string, unknown>;
  return [spec.make, spec.model, spec.trim].filter((s) => typeof s === 'string' && s).join(' ') || '—';
}

/** A day in London time: '1 December 2026' (a yyyy-MM-dd date or an instant). */
export function formatDay(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return formatLondon(at, 'd MMMM yyyy');
}
