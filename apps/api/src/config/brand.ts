import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Brand, brandSchema } from '@forecourt/contracts';
import { configLimitIssues } from '@forecourt/domain/forms/limits';

export const defaultBrandsDir = fileURLToPath(new URL('../../../../config/brands', import.meta.url));

export class BrandConfigError extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge used by `"extends"`: objects merge, arrays and scalars replace. */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isObject(b) && isObject(v) ? deepMerge(b, v) : v;
  }
  return out;
}

function readJson(file: string): Json {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isObject(value)) throw new Error('must hold a JSON object');
    return value;
  } catch (err) {
    throw new BrandConfigError(`${file}: ${(err as Error).message}`);
  }
}

/**
 * A brand is a folder of JSON files, each a part of the brand object merged at the top level (brand.json
 * holds identity, theme and formats; texts.json `{ "texts": ... }`; product.json `{ "productConfig": ... }`;
 * rating.json `{ "rating": ... }` ...). `"extends": "<brand>"` in brand.json starts from another brand.
 */
function readBrandFolder(
  dir: string,
  id: string,
  seen: string[] = [],
): { data: Json; files: Map<string, string> } {
  const folder = path.join(dir, id);
  if (!existsSync(path.join(folder, 'brand.json'))) {
    throw new BrandConfigError(`Brand "${id}" not found: ${path.join(folder, 'brand.json')} does not exist`);
  }
  if (seen.includes(id))
    throw new BrandConfigError(`Brand "${id}" extends itself: ${[...seen, id].join(' → ')}`);
  const files = new Map<string, string>();
  let data: Json = {};
  const root = readJson(path.join(folder, 'brand.json'));
  if (typeof root.extends === 'string') {
    const parent = readBrandFolder(dir, root.extends, [...seen, id]);
    data = parent.data;
    for (const [k, v] of parent.files) files.set(k, v);
  }
  const { extends: _ignored, ...own } = root;
  const parts: [string, Json][] = [[path.join(folder, 'brand.json'), own]];
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith('.json') && name !== 'brand.json')
      parts.push([path.join(folder, name), readJson(path.join(folder, name))]);
  }
  for (const [file, part] of parts) {
    data = deepMerge(data, part);
    for (const key of Object.keys(part)) files.set(key, file);
  }
  data.id = id;
  return { data, files };
}

export function loadBrand(id: string, dir = defaultBrandsDir): Brand {
  const { data, files } = readBrandFolder(dir, id);
  const parsed = brandSchema.safeParse(data);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const top = String(i.path[0] ?? '');
      const file = files.get(top) ?? path.join(dir, id, 'brand.json');
      return `  ${file}: ${i.path.join('.') || '(root)'}: ${i.message}`;
    });
    throw new BrandConfigError(`Invalid brand configuration "${id}":\n${lines.join('\n')}`);
  }
  assertWithinDomain(parsed.data, id, (top) => files.get(top) ?? path.join(dir, id, 'brand.json'));
  return parsed.data;
}

/**
 * The domain owns the enumerations and limits; a brand may only narrow them (ADR 136). Refuses a brand
 * whose option sets or rules go beyond the domain's, naming the file and field.
 */
export function assertWithinDomain(brand: Brand, id: string, fileOf: (topKey: string) => string) {
  const { productConfig } = brand;
  const issues = configLimitIssues({
    optionSets: productConfig.optionSets,
    disclosures: productConfig.disclosures,
    voluntaryExcess: productConfig.excess.voluntaryExcess,
    inputs: brand.inputs,
  });
  if (issues.length === 0) return;
  const lines = issues.map((i) => `  ${fileOf(i.field.split('.')[0] ?? '')}: ${i.field}: ${i.message}`);
  throw new BrandConfigError(`Brand "${id}" goes beyond the domain's limits:\n${lines.join('\n')}`);
}
