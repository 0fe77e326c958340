import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core (already installed, with Lighthouse; ADR 272) run in the page: the rules of WCAG 2.x A and AA and
 * best practice, with the experimental `label-content-name-mismatch` (WCAG 2.5.3) switched on (issue 28).
 * Evaluated through the DevTools protocol, so the app's Content-Security-Policy does not block it.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails the check: serious and critical violations (issue 28). */
const FAILING = ['serious', 'critical'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Waits for running animations (the page's fade and slide in) to end, so colours are read as shown. */
async function settled(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

/**
 * Runs axe on the page as it is; answers one line per serious or critical violation:
 * `<label> <path>: <rule> (<impact>) <first targets>`.
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  await settled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: unknown[] };
    return result.violations;
  });
  const path = new URL(page.url()).pathname;
  return (violations as AxeViolation[])
    .filter((v) => FAILING.includes(v.impact ?? ''))
    .map(
      (v) =>
        `${label} ${path}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join('; ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`,
    );
}

/** Collects the violations of many pages, so one run names them all; `found()` is empty when all pass. */
export function axeSweep() {
  const found: string[] = [];
  const visited: string[] = [];
  return {
    async check(page: Page, label: string) {
      visited.push(label);
      found.push(...(await axeViolations(page, label)));
    },
    found: () => [...found],
    visited: () => [...visited],
  };
}
