import { describe, expect, it } from 'vitest';
import { variant } from '../test-helpers.tsx';
import { chosenVariant, NONE, variantLevels } from './variant-levels.ts';
import { manufactureYears, toLitres, toPs } from './vehicle-format.ts';

const texts = {
  none: 'None',
  present: 'Present',
  ps: (ps: number) => `${ps}PS`,
  litres: (l: string) => `${l} litres`,
};

describe('variant cascade rules (spec 1 §2.4, §5.3)', () => {
  const list = [
    variant({ vehicleCode: '1', trim: 'Zetec 5dr' }),
    variant({ vehicleCode: '2', trim: 'None of the above' }),
    variant({
      vehicleCode: '3',
      trim: 'Active 5dr',
      transmission: 'Automatic',
      enginePower: 123,
      engineLabel: '1.0 EcoBoost 125',
    }),
    variant({
      vehicleCode: '4',
      trim: 'Active 5dr',
      transmission: 'Manual',
      enginePower: 123,
      engineLabel: '1.0 EcoBoost 125',
    }),
  ];

  it('shows only the fields the variants differ on, in the spec order, with None of the above first', () => {
    const levels = variantLevels(list, {}, texts);
    expect(levels.map((l) => l.key)).toEqual(['trim', 'transmission', 'engineLabel', 'enginePower']);
    expect(levels[0]?.options.map((o) => o.value)).toEqual(['None of the above', 'Active 5dr', 'Zetec 5dr']);
  });

  it('narrows each level by the choices above and labels power in PS and engines in litres', () => {
    const levels = variantLevels(list, { trim: 'Active 5dr' }, texts);
    expect(levels[1]?.options.map((o) => o.label)).toEqual(['Automatic', 'Manual']);
    expect(levels[2]?.options).toEqual([
      { value: '1.0 EcoBoost 125', label: '1.0 EcoBoost 125 (1.0 litres)' },
    ]);
    expect(levels[3]?.options).toEqual([{ value: '123', label: '125PS' }]);
  });

  it('identifies a variant only once one is left (a vehicle code to confirm)', () => {
    const levels = variantLevels(list, {}, texts);
    expect(chosenVariant(list, {}, levels)).toBeUndefined();
    expect(chosenVariant(list, { trim: 'Active 5dr' }, levels)).toBeUndefined();
    expect(chosenVariant(list, { trim: 'Active 5dr', transmission: 'Manual' }, levels)?.vehicleCode).toBe(
      '4',
    );
    expect(chosenVariant(list, { trim: 'Zetec 5dr' }, levels)?.vehicleCode).toBe('1');
  });

  it("labels open year ranges 'Present', periods by month and missing values 'None'", () => {
    const two = [
      variant({
        vehicleCode: 'a',
        rangeStartYear: 2017,
        rangeEndYear: null,
        endDate: null,
        secondaryFuel: null,
      }),
      variant({
        vehicleCode: 'b',
        rangeStartYear: 2008,
        rangeEndYear: 2012,
        startDate: '2008-03-01',
        endDate: '2012-09-28',
        secondaryFuel: 'Electric',
      }),
    ];
    const levels = variantLevels(two, {}, texts);
    const byKey = Object.fromEntries(levels.map((l) => [l.key, l.options.map((o) => o.label)]));
    expect(byKey.rangeStartYear).toEqual(['2008 - 2012', '2017 - Present']);
    expect(byKey.secondaryFuel).toEqual(['None', 'Electric']);
    expect(levels.find((l) => l.key === 'secondaryFuel')?.options[0]?.value).toBe(NONE);
    expect(byKey.startDate).toEqual(['Mar 2008 - Sep 2012', 'Aug 2017 - Present']);
  });

  it('converts power and capacity, and offers years from this year back to 1940', () => {
    expect(toPs(99)).toBe(100);
    expect(toPs(197)).toBe(200);
    expect(toLitres(1598)).toBe('1.6');
    expect(toLitres(999)).toBe('1.0');
    expect(toLitres(null)).toBeNull();
    const years = manufactureYears(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1940);
    expect(years).toHaveLength(87);
  });
});
