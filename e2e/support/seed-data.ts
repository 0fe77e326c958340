/**
 * Seeds the demo data once per brand, at once, and prints `{ "<brand>": "<data folder>" }` on the last line
 * (`scripts/e2e-shards.mjs` hands it to every shard as E2E_SEEDED_DATA; ADR 361). Brands: the arguments, ""
 * for the default one.
 */
import { seedDataFolder } from './server.ts';

const brands = process.argv.slice(2);
const folders = await Promise.all(brands.map((brand) => seedDataFolder(brand)));
console.log(JSON.stringify(Object.fromEntries(brands.map((brand, i) => [brand, folders[i]]))));
