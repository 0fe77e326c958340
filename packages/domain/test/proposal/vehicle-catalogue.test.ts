import { describe, expect, it } from 'vitest';
import {
  catalogueValueErrors,
  mayOverrideCatalogue,
  vehicleChanged,
  vehicleKeyOf,
} from '../../src/proposal/vehicle-catalogue.ts';

const found = { vehicleCode: '23010019', year: 2017, make: 'Ford', model: 'Fiesta', insuranceGroup: 14 };

describe('the car from the lookup (ADR 347)', () => {
  it('keys a car by the registration looked up, else by the catalogue entry chosen, else not at all', () => {
    expect(vehicleKeyOf({ vrn: 'FE17TTA', regLookup: true, specification: found })).toEqual({
      by: 'registration',
      vrn: 'FE17TTA',
    });
    expect(vehicleKeyOf({ vrn: 'FE17TTA', regLookup: false, specification: found })).toEqual({
      by: 'catalogue',
      vehicleCode: '23010019',
      year: 2017,
      make: 'Ford',
      model: 'Fiesta',
    });
    expect(vehicleKeyOf({ regLookup: false, specification: {} })).toEqual({ by: 'none' });
    expect(vehicleKeyOf(undefined)).toEqual({ by: 'none' });
  });

  it("refuses each value that differs from the lookup's; left-out values are not errors", () => {
    expect(catalogueValueErrors({ ...found }, found)).toEqual({});
    expect(catalogueValueErrors({ vehicleCode: '23010019' }, found)).toEqual({});
    expect(catalogueValueErrors({ ...found, insuranceGroup: 1, value: 100 }, found)).toEqual({
      'asset.specification.insuranceGroup': ['validation.vehicleFromLookup'],
      'asset.specification.value': ['validation.vehicleFromLookup'],
    });
    // Without a car found, no catalogue value may be given at all.
    expect(catalogueValueErrors({ make: 'Ford' }, null)).toEqual({
      'asset.specification.make': ['validation.vehicleFromLookup'],
    });
  });

  it('sees a change of the car in its key or its specification only', () => {
    const asset = { vrn: 'FE17TTA', regLookup: true, specification: found, annualMileage: 8000 };
    expect(vehicleChanged(asset, { ...asset, annualMileage: 9000 })).toBe(false);
    expect(vehicleChanged(asset, { ...asset, vrn: 'AB12CDE' })).toBe(true);
    expect(vehicleChanged(asset, { ...asset, specification: { ...found, insuranceGroup: 1 } })).toBe(true);
  });

  it('lets only staff holding action:underwriting override', () => {
    expect(mayOverrideCatalogue({ kind: 'admin', permissions: ['action:underwriting'] })).toBe(true);
    expect(mayOverrideCatalogue({ kind: 'admin', permissions: ['access:impersonate'] })).toBe(false);
    expect(mayOverrideCatalogue({ kind: 'customer', permissions: ['action:underwriting'] })).toBe(false);
  });
});
