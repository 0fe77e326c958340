import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/domain/src', 'packages/contracts/src'];

/** Every source file (not a test), relative to the repository, with its text. */
function sources(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        out.push([path.relative(ROOT, full).split(path.sep).join('/'), readFileSync(full, 'utf8')]);
    }
  };
  for (const d of SOURCES) walk(path.join(ROOT, d));
  return out;
}

/** Which files use a pattern, outside the ones allowed to. */
const offenders = (pattern: RegExp, allowed: string[]) =>
  sources()
    .filter(([file, text]) => pattern.test(text) && !allowed.includes(file))
    .map(([file]) => file);

// Issue 30 point 3: one formatter for money (`formatGBP`, domain money.ts) and one for London dates and times
// (`formatLondon`, the domain's calendar), used by the web, the e-mails and the PDFs; no other file formats
// pounds or London wall-clock time by hand.
describe('one formatter for money and one for London dates', () => {
  it('formats pounds only in the domain money module', () => {
    expect(offenders(/Intl\.NumberFormat\(/, ['packages/domain/src/money.ts'])).toEqual([]);
    // The simulation's oracle prints fractions of a penny on purpose, and is kept apart from the code it checks.
    expect(
      offenders(/\/ 100\)?\.toFixed\(2\)|toFixed\(2\)/, [
        'apps/api/src/simulation/oracle/oracle.ts',
        'apps/web/src/features/uploads/components/uploads-page.tsx',
      ]),
    ).toEqual([]);
  });

  it('formats London dates and times only in the domain calendar', () => {
    expect(
      offenders(/Intl\.DateTimeFormat\(|toLocaleDateString\(|toLocaleTimeString\(/, [
        'packages/domain/src/calendar/london.ts',
      ]),
    ).toEqual([]);
  });

  it('fails on a file that formats pounds by hand', () => {
    const scratch = "const p = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });";
    expect(/Intl\.NumberFormat\(/.test(scratch)).toBe(true);
    expect(offenders(/Intl\.NumberFormat\(/, [])).toContain('packages/domain/src/money.ts');
  });
});
