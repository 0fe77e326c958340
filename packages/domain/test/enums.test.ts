import { describe, expect, it } from 'vitest';
import * as enums from '../src/enums.ts';
import {
  CHANGE_TYPES,
  CLAIM_SUB_TYPES,
  DOCUMENT_IDS,
  EMPLOYMENT_STATUSES,
  ENDED_POLICY_STATUSES,
  isOneOf,
  NCD_YEARS,
  NIW_SUB_CODES,
  OVERNIGHT_LOCATIONS,
  POLICY_STATUSES,
  PROPOSAL_STATUSES,
  SEAT_COUNTS,
} from '../src/enums.ts';

const arrays = (Object.entries(enums) as [string, unknown][]).filter((e): e is [string, readonly unknown[]] =>
  Array.isArray(e[1]),
);

describe('enumerations', () => {
  it('every enumeration is non-empty with unique members', () => {
    expect(arrays.length).toBeGreaterThan(40);
    for (const [name, values] of arrays) {
      expect(values.length, name).toBeGreaterThan(0);
      expect(new Set(values).size, name).toBe(values.length);
    }
  });
  it('statuses of spec 1 §4', () => {
    expect(POLICY_STATUSES).toEqual(['PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU']);
    expect(ENDED_POLICY_STATUSES.every((s) => isOneOf(POLICY_STATUSES, s))).toBe(true);
    expect(PROPOSAL_STATUSES).toHaveLength(5);
  });
  it('overnight locations: the named spec values and about 30 in all', () => {
    for (const named of [
      'Driveway',
      'Carport',
      'PrivateProperty',
      'Other',
      'CompoundLocked',
      'CarParkSecure',
    ]) {
      expect(OVERNIGHT_LOCATIONS).toContain(named);
    }
    expect(OVERNIGHT_LOCATIONS.length).toBeGreaterThanOrEqual(28);
    expect(OVERNIGHT_LOCATIONS.length).toBeLessThanOrEqual(32);
  });
  it('NCD 0-9, seats 1-8, NIW sub-codes, claim sub-types, documents, change types', () => {
    expect(NCD_YEARS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(SEAT_COUNTS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(EMPLOYMENT_STATUSES).toContain('NIW');
    expect(NIW_SUB_CODES).toEqual(['HW-HH', 'IM', 'VW', 'NE-DIS', 'NE']);
    expect(CLAIM_SUB_TYPES.Accident).toEqual(['Fault', 'NotFault', 'BothFault']);
    expect(CLAIM_SUB_TYPES.Theft).toEqual(['Vehicle', 'Contents']);
    expect(DOCUMENT_IDS).toEqual(
      expect.arrayContaining([
        'policy-certificate',
        'policy-schedule',
        'ipid',
        'policy-wording',
        'business-terms',
      ]),
    );
    expect(CHANGE_TYPES).toHaveLength(12);
  });
  it('isOneOf narrows only exact members', () => {
    expect(isOneOf(POLICY_STATUSES, 'ACTIVE')).toBe(true);
    expect(isOneOf(POLICY_STATUSES, 'active')).toBe(false);
    expect(isOneOf(POLICY_STATUSES, 3)).toBe(false);
    expect(isOneOf(POLICY_STATUSES, undefined)).toBe(false);
  });
});
