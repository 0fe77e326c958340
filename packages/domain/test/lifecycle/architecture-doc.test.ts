import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MACHINES, type Machine, renderLifecycle } from '../../src/lifecycle/index.ts';

/**
 * docs/ARCHITECTURE.md "Lifecycle" is rendered from the transition tables, between two markers, so it cannot
 * drift from them. After changing a table: `LIFECYCLE_DOCS=write npx vitest run --project domain
 * packages/domain/test/lifecycle` rewrites the section.
 */
const DOC = fileURLToPath(new URL('../../../../docs/ARCHITECTURE.md', import.meta.url));
const START = '<!-- lifecycle:start (rendered from packages/domain/src/lifecycle by its test) -->';
const END = '<!-- lifecycle:end -->';

describe('docs/ARCHITECTURE.md "Lifecycle"', () => {
  it('shows every machine exactly as its transition table', () => {
    const doc = readFileSync(DOC, 'utf8');
    const from = doc.indexOf(START);
    const to = doc.indexOf(END);
    expect(from, 'the lifecycle markers are missing').toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const rendered = `\n${renderLifecycle(Object.values(MACHINES) as Machine<string, string>[])}\n`;
    if (process.env.LIFECYCLE_DOCS === 'write') {
      writeFileSync(DOC, doc.slice(0, from + START.length) + rendered + doc.slice(to));
      return;
    }
    // Biome formats the document's tables (it pads the cells): compare the cells, not their padding.
    expect(cells(doc.slice(from + START.length, to))).toBe(cells(rendered));
  });
});

/** A markdown text with its table cells' padding and rule lengths taken out. */
const cells = (markdown: string) => markdown.replace(/ *\| */g, '|').replace(/-{3,}/g, '---');
