import type { PolicyDocumentInput } from '@forecourt/contracts/documents';

/** Limitations as to use, in the words UK certificates use. */
export const USE_WORDING: Record<PolicyDocumentInput['use'], string> = {
  SocialDomesticPleasure:
    'Use for social, domestic and pleasure purposes. The policy does not cover use for commuting, for hire or reward, racing, pace-making, speed testing, competitions, rallies or trials, or use for any purpose in connection with the motor trade.',
  SocialDomesticPleasureCommuting:
    'Use for social, domestic and pleasure purposes and for travel by the policyholder between their permanent home and one permanent place of work. The policy does not cover use for hire or reward, racing, pace-making, speed testing, competitions, rallies or trials, commercial travelling, or use for any purpose in connection with the motor trade.',
  BusinessClass1:
    'Use for social, domestic and pleasure purposes and by the policyholder in person in connection with their business or profession. The policy does not cover use for hire or reward, racing, pace-making, speed testing, competitions, rallies or trials, commercial travelling, or use for any purpose in connection with the motor trade.',
};

export const USE_SHORT: Record<PolicyDocumentInput['use'], string> = {
  SocialDomesticPleasure: 'Social, domestic and pleasure',
  SocialDomesticPleasureCommuting: 'Social, domestic and pleasure, including commuting',
  BusinessClass1: 'Social, domestic and pleasure, and business use by the policyholder',
};

const EXCESS_LABELS: Record<string, string> = {
  accidental_damage: 'Accidental damage',
  car: 'Damage to your car',
  fire: 'Fire',
  theft: 'Theft or attempted theft',
  windscreen_repair: 'Windscreen repair',
  windscreen_replacement: 'Windscreen replacement',
  non_approved_repairer: 'Repair by a non-approved repairer (additional)',
};

export const holderName = (p: PolicyDocumentInput['policyholder']) =>
  [p.title, p.firstName, p.lastName].filter(Boolean).join(' ');

export function whoMayDrive(input: PolicyDocumentInput): string {
  const named = input.drivers.filter((d) => !d.policyholder).map((d) => d.name);
  const others = named.length
    ? ` Any of the following persons: ${named.join(', ')}, provided that the person driving holds a licence to drive the vehicle and is not disqualified from holding or obtaining such a licence.`
    : '';
  return `The policyholder, ${holderName(input.policyholder)}.${others}`;
}

export const excessLabel = (kind: string) =>
  EXCESS_LABELS[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1).replace(/_/g, ' ')}`;
