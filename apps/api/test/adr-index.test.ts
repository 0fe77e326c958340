import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaOf, indexPath, readAdrs, renderIndex, statusOf } from '../../../scripts/adr-index.ts';

/** Biome pads the table's cells; the index is the same table whatever the padding. */
const cells = (markdown: string) =>
  markdown
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s*\|\s*/g, '|').replace(/\|-+(?=\|)/g, '|---'));

// Issue 30 point 6: docs/decisions/README.md lists every decision and measurement report with its title,
// status and area, and cannot drift from the files (run `npx tsx scripts/adr-index.ts` after adding one).
describe('the decisions index', () => {
  const adrs = readAdrs();

  it('is the table the ADR files make', () => {
    expect(cells(readFileSync(indexPath, 'utf8'))).toEqual(cells(renderIndex(adrs)));
  });

  it('lists every ADR once, by number, each with a title, a status and an area', () => {
    const numbers = adrs.map((a) => a.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    for (const a of adrs) expect(a.title && a.status && a.area).toBeTruthy();
  });

  it('says which decisions later ones superseded or amended, from either side', () => {
    const byNumber = (n: number) => adrs.find((a) => a.number === n)!;
    // 202 says so itself; 250 is named by 320 (a measurement report now) and says so too; 131 only by 341.
    expect(statusOf(byNumber(202), adrs)).toContain('superseded in part by 342');
    expect(statusOf(byNumber(250), adrs)).toContain('superseded in part by 320');
    expect(statusOf(byNumber(131), adrs)).toBe('accepted; amended by 341');
    expect(statusOf(byNumber(340), adrs)).toMatch(/^measurement report/);
    expect(statusOf(byNumber(211), adrs)).toBe('accepted; superseded in part by 305');
    expect(statusOf(byNumber(1), adrs)).toBe('accepted');
  });

  it('fails when an ADR is added and the index is not made again', () => {
    const extra = { ...adrs[0]!, number: 999, file: '999-x.md', title: 'A new decision' };
    expect(cells(readFileSync(indexPath, 'utf8'))).not.toEqual(cells(renderIndex([...adrs, extra])));
  });

  it('files a decision under an area by the words of its title', () => {
    expect(areaOf('Direct Debit refunds: GoCardless refunds per payment')).toBe('billing & payments');
    expect(areaOf('Claims and a built-in first notification of loss')).toBe('claims');
    expect(areaOf('Technology stack')).toBe('platform');
  });
});
