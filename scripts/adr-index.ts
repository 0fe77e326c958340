// The decisions' index (issue 30 point 6): docs/decisions/README.md, made from the ADR files themselves, so it
// cannot drift (apps/api/test/adr-index.test.ts compares). `npx tsx scripts/adr-index.ts` writes it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const decisionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
export const measurementsDir = path.join(decisionsDir, '../measurements');
export const indexPath = path.join(decisionsDir, 'README.md');

export interface Adr {
  number: number;
  file: string;
  /** A measurement report (docs/measurements/) rather than a decision; it keeps its number. */
  measurement: boolean;
  title: string;
  status: string;
  area: string;
}

/** Areas by words of the title, first match wins; what matches none is "platform". */
const AREAS: [string, RegExp][] = [
  [
    'billing & payments',
    /billing|payment|ledger|direct debit|mandate|card|refund|settle|arrears|money|pence|checkout|collect/i,
  ],
  ['renewals', /renewal|anniversary|renewed|lapsed|no-claims/i],
  ['policy changes & cancellation', /adjustment|change|cancel|void|not taken up|start-date|referred/i],
  [
    'rating & quotes',
    /rating|risk model|price|proposal|quote|registration|postcode|driver|car's|promotion|driveaway|product kinds/i,
  ],
  ['claims', /claim|loss/i],
  [
    'identity & security',
    /identity|sign-in|token|impersonat|staff|origin|hsts|rate|limit|guard|nul|oidc|e-mails anyone|access matrix|fuzz|permission/i,
  ],
  ['documents & uploads', /document|upload|pdf|storage|e-mail/i],
  [
    'web',
    /web|browser|home|page|ui kit|shell|modal|lighthouse|axe|first render|first visit|route javascript|banner/i,
  ],
  [
    'lifecycle & domain',
    /cover starts|policy status|lifecycle|domain|enumeration|calendar|simulation|event|state machine/i,
  ],
  ['tests & performance', /test|bench|performance|cpu|load|ci|measure|targets/i],
];

export function areaOf(title: string): string {
  return AREAS.find(([, re]) => re.test(title))?.[0] ?? 'platform';
}

export function readAdrs(): Adr[] {
  return [...readDir(decisionsDir, false), ...readDir(measurementsDir, true)].sort(
    (a, b) => a.number - b.number,
  );
}

function readDir(dir: string, measurement: boolean): Adr[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const heading = /^#\s+(?:ADR\s+)?(\d+)[.:]\s+(.+)$/m.exec(text);
      const status = /^(?:- )?\**Status\**:\**\s*(.+)$/m.exec(text);
      if (!heading || !status)
        throw new Error(`${file}: needs a "# NNN. Title" heading and a "- Status:" line`);
      const title = heading[2]!.trim();

      return {
        number: Number(heading[1]),
        file,
        measurement,
        title,
        status: status[1]!.trim(),
        area: areaOf(title),
      };
    });
}

/** Accepted, with what later ADRs did to it: "superseded in part by 320", "amended by 348". */
export function statusOf(adr: Adr, all: Adr[]): string {
  const notes = new Set<string>();
  for (const m of adr.status.matchAll(/(superseded|amended)(?: in part)? by ADR (\d+)/gi))
    notes.add(
      `${m[1]!.toLowerCase() === 'superseded' ? 'superseded in part' : 'amended'} by ${Number(m[2])}`,
    );
  for (const other of all) {
    if (other === adr) continue;
    const by = new RegExp(`(supersedes|amends)[^.;]*\\bADR ${adr.number}\\b`, 'i').exec(other.status);
    if (by)
      notes.add(
        `${by[1]!.toLowerCase() === 'supersedes' ? 'superseded in part' : 'amended'} by ${other.number}`,
      );
  }
  const base = adr.measurement
    ? 'measurement report'
    : /^superseded\b/i.test(adr.status)
      ? 'superseded'
      : 'accepted';
  return [base, ...[...notes].sort()].join('; ');
}

export function renderIndex(adrs = readAdrs()): string {
  const rows = adrs.map(
    (a) =>
      `| [${String(a.number).padStart(3, '0')}](${a.measurement ? '../measurements/' : ''}${a.file}) | ${a.title.replace(/\|/g, '\\|')} | ${statusOf(a, adrs)} | ${a.area} |`,
  );
  return [
    '# Architecture decisions',
    '',
    'Made by `npx tsx scripts/adr-index.ts` from the ADR files; a test fails when it differs from them. The area is',
    "read from the title's words (`scripts/adr-index.ts`, `AREAS`); the status adds what later ADRs did to each.",
    'Measurement reports are in [`docs/measurements/`](../measurements/).',
    '',
    '| ADR | Title | Status | Area |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(indexPath, renderIndex());
  console.log(`wrote ${path.relative(process.cwd(), indexPath)}`);
}
