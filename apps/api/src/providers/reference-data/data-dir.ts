import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's data/ folder (shipped reference data). */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data');

/** Reads one JSON file from data/ (synchronously: called once, on first use). */
export function readDataFile<T>(name: string, dir = DATA_DIR): T {
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
}

/** Memoises a loader so a data file is read and indexed once, on first use. */
export function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => {
    if (value === undefined) value = load();
    return value;
  };
}
