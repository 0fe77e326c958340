/**
 * Lookup speed in-process: first-use load and index of each data file, then operations per second of the
 * embedded providers (registration, cascade lists, address find and retrieve, reference-data search).
 * `npx tsx bench/lookups.ts` — prints figures; never fails on a number.
 */
import { embeddedAddressProvider } from '../apps/api/src/providers/addresses/embedded.ts';
import { embeddedReferenceDataProvider } from '../apps/api/src/providers/reference-data/embedded.ts';
import { embeddedVehicleProvider } from '../apps/api/src/providers/vehicles/embedded.ts';

async function time(label: string, run: (i: number) => Promise<unknown>, iterations: number) {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await run(i);
  const ms = performance.now() - started;
  console.log(
    `${label.padEnd(44)} ${Math.round((iterations / ms) * 1000)
      .toLocaleString('en-GB')
      .padStart(10)} ops/s  ${((ms / iterations) * 1000).toFixed(1)} µs/op`,
  );
}

const vehicles = embeddedVehicleProvider();
const addresses = embeddedAddressProvider();
const tables = embeddedReferenceDataProvider();

let t = performance.now();
await vehicles.lookupVrn('AB12CDE');
console.log(`vehicles.json + registrations.json first use: ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
await addresses.retrieve('A-000001');
console.log(`addresses.json first use:                     ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
await tables.get('occupations', 'A01');
console.log(`occupations.json first use:                   ${(performance.now() - t).toFixed(0)} ms\n`);

const plates = ['AB12CDE', 'VW19GLF', 'TE71SLA', 'NL68LEF', 'YY99ZZZ'];
await time('registration look-up', (i) => vehicles.lookupVrn(plates[i % plates.length] as string), 200_000);
await time('makes of a year', (i) => vehicles.makes(2010 + (i % 16)), 20_000);
await time(
  'variants of Ford Fiesta 2019, filtered',
  () => vehicles.variants(2019, 'Ford', 'Fiesta', { primaryFuel: 'Petrol' }),
  100_000,
);
await time(
  'address find by postcode prefix',
  (i) => addresses.find({ text: ['M14', 'SW1', 'LS6 1', 'G12'][i % 4] as string, country: 'GBR', limit: 30 }),
  5_000,
);
await time(
  'address find by free text (full scan)',
  () => addresses.find({ text: 'wilmslow road', country: 'GBR', limit: 30 }),
  2_000,
);
await time('occupation search (3 characters)', () => tables.search('occupations', 'eng'), 20_000);
await time('conviction entry by code', () => tables.get('convictions', 'SP30'), 200_000);
