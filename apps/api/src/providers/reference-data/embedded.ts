import type { DataEntry, DataTable } from '@forecourt/contracts/lookups';
import { once, readDataFile } from './data-dir.ts';
import type { ReferenceDataProvider } from './reference-data-provider.ts';

const files: Record<DataTable, string> = {
  occupations: 'occupations.json',
  industries: 'industries.json',
  convictions: 'convictions.json',
  'claim-types': 'claim-types.json',
};

interface TableIndex {
  entries: DataEntry[];
  byCode: Map<string, DataEntry>;
  byName: Map<string, DataEntry>;
}

function rank(entry: DataEntry, text: string): number {
  const name = entry.name.toUpperCase();
  const code = entry.code.toUpperCase();
  if (code === text || name === text) return 0;
  if (code.startsWith(text)) return 1;
  if (name.startsWith(text)) return 2;
  if (name.split(/[\s,/()-]+/).some((w) => w.startsWith(text))) return 3;
  if (name.includes(text)) return 4;
  return -1;
}

/** The default provider: the shipped tables under data/, each read and indexed once on first use. */
export function embeddedReferenceDataProvider(options: { dataDir?: string } = {}): ReferenceDataProvider {
  const tables = new Map<DataTable, () => TableIndex>();
  for (const [table, file] of Object.entries(files) as [DataTable, string][]) {
    tables.set(
      table,
      once(() => {
        const raw = readDataFile<(DataEntry & Record<string, unknown>)[]>(file, options.dataDir);
        const entries = raw.map(({ code, name, description }) =>
          description === undefined ? { code, name } : { code, name, description },
        );
        return {
          entries,
          byCode: new Map(entries.map((e) => [e.code.toUpperCase(), e])),
          byName: new Map(entries.map((e) => [e.name.toUpperCase(), e])),
        };
      }),
    );
  }
  const table = (t: DataTable) => (tables.get(t) as () => TableIndex)();
  return {
    name: 'embedded',
    async search(t, text, limit = 50) {
      const wanted = text.trim().toUpperCase();
      const { entries } = table(t);
      if (!wanted) return entries.slice(0, limit);
      return entries
        .map((entry) => ({ entry, score: rank(entry, wanted) }))
        .filter((r) => r.score >= 0)
        .sort((a, b) => a.score - b.score || a.entry.name.localeCompare(b.entry.name, 'en-GB'))
        .slice(0, limit)
        .map((r) => r.entry);
    },
    async get(t, code) {
      // By code; an exact name is accepted too (answers saved by name before codes were used).
      const wanted = code.trim().toUpperCase();
      return table(t).byCode.get(wanted) ?? table(t).byName.get(wanted) ?? null;
    },
  };
}
