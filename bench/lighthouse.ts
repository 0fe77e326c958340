/**
 * Lighthouse performance and accessibility scores of home and the quote journey's first page, against the built
 * app served by the real server (production mode, its own temporary database), in Debian's Chromium. Prints the
 * mobile (Lighthouse default: emulated Moto G Power, simulated slow 4G) and desktop scores with the main metrics
 * and the accessibility findings; mobile performance targets: home at least 95, the quote page at least 90.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server.ts';
import { ensureWebBuild } from './support/web-build.ts';

export const TARGET_SCORE = 95;
/**
 * The pages scored, with their mobile targets (issue 15; the quote page's layout shift and blocking time, issue
 * 29: below `below`, by the audits' numeric values); desktop is printed beside them.
 */
export const PAGES: {
  name: string;
  path: string;
  target: number;
  below?: Partial<Record<Metric, number>>;
}[] = [
  { name: 'home', path: '/', target: TARGET_SCORE },
  {
    name: 'quote journey, first page',
    path: '/car-insurance',
    target: 90,
    below: { 'cumulative-layout-shift': 0.1, 'total-blocking-time': 200 },
  },
];
const metrics = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
type Metric = (typeof metrics)[number];

/** The LCP element's HTML snippet from Lighthouse's audit details (shape: table → node). */
function lcpElement(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? 'n/a';
}

/** The first element an audit's details name (table → node snippet), for a finding's line. */
function firstNode(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined;
  return details?.items?.[0]?.node?.snippet?.slice(0, 160) ?? '';
}

/** How many times each page is measured on mobile (BENCH_LIGHTHOUSE_RUNS, default 3); the median is shown. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose name contains one of these (BENCH_PAGES, comma-separated). */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
/** A folder to save each median run's whole Lighthouse report in, as JSON (BENCH_LIGHTHOUSE_SAVE). */
const SAVE = process.env.BENCH_LIGHTHOUSE_SAVE;

async function measure(port: number, url: string, formFactor: 'mobile' | 'desktop') {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    },
    formFactor === 'desktop'
      ? {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'desktop',
            screenEmulation: {
              mobile: false,
              width: 1350,
              height: 940,
              deviceScaleFactor: 1,
              disabled: false,
            },
            throttling: {
              rttMs: 40,
              throughputKbps: 10_240,
              cpuSlowdownMultiplier: 1,
              requestLatencyMs: 0,
              downloadThroughputKbps: 0,
              uploadThroughputKbps: 0,
            },
          },
        }
      : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  return lhr;
}

export async function main() {
  ensureWebBuild();
  // Production, but with the sandbox payment pages (no real keys here) allowed explicitly (ADR 126).
  const server = await startServer({
    env: { NODE_ENV: 'production', JOBS: 'false', ALLOW_SANDBOX_PROVIDERS: 'true' },
  });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });
  try {
    for (const page of PAGES.filter((p) => !ONLY || ONLY.some((o) => p.name.includes(o))))
      for (const formFactor of ['mobile', 'desktop'] as const) {
        // Lighthouse's own advice for its variance: the median of several runs (mobile; desktop is far from
        // its limits). A run that could not measure counts as the lowest.
        const runs = formFactor === 'mobile' ? RUNS : 1;
        const all = [];
        for (let run = 0; run < runs; run++)
          all.push(await measure(chrome.port, `${server.baseUrl}${page.path}`, formFactor));
        all.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = all[Math.floor(all.length / 2)];
        if (!lhr) throw new Error('Lighthouse returned no result');
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const file = path.join(SAVE, `${page.name.replace(/\W+/g, '-')}-${formFactor}.json`);
          writeFileSync(file, JSON.stringify(lhr));
          console.log(`  (the median run's report: ${file})`);
        }
        if (runs > 1)
          console.log(
            `  (${runs} runs, scores ${all.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}: the median run below)`,
          );
        // A run that could not measure (e.g. no paint in time on a loaded machine) says why, not just 0.
        if (lhr.runtimeError) console.log(`  (Lighthouse could not measure: ${lhr.runtimeError.message})`);
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        console.log(
          `Lighthouse performance, ${page.name}, ${formFactor}: ${score}${formFactor === 'mobile' ? ` (target ≥ ${page.target}: ${score >= page.target ? 'met' : 'NOT met'})` : ''}`,
        );
        for (const id of metrics) {
          const limit = formFactor === 'mobile' ? page.below?.[id] : undefined;
          const value = lhr.audits[id]?.numericValue;
          const target =
            limit === undefined
              ? ''
              : ` (target < ${limit}${id === 'total-blocking-time' ? ' ms' : ''}: ${value !== undefined && value < limit ? 'met' : 'NOT met'})`;
          console.log(`  ${id}: ${lhr.audits[id]?.displayValue ?? 'n/a'}${target}`);
        }
        const a11y = lhr.categories.accessibility;
        console.log(`  accessibility: ${Math.round((a11y?.score ?? 0) * 100)}`);
        // What costs accessibility points, with the first element each finding names.
        for (const ref of a11y?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight === 0 || audit?.score === null || (audit?.score ?? 1) >= 1) continue;
          console.log(`    ✗ ${audit?.title} (${ref.id}): ${firstNode(audit)}`);
        }
        console.log(
          `  largest contentful paint element: ${lcpElement(lhr.audits['largest-contentful-paint-element'])}`,
        );
        // What moved (cumulative layout shift), the largest first.
        const shifts = lhr.audits['layout-shifts']?.details as
          | { items?: { score?: number; node?: { snippet?: string } }[] }
          | undefined;
        for (const item of (shifts?.items ?? []).slice(0, 3))
          console.log(`    shift ${item.score?.toFixed(3)}: ${item.node?.snippet?.slice(0, 160) ?? 'n/a'}`);
        // The scripts that kept the main thread busiest (total blocking time).
        const busy = lhr.audits['bootup-time']?.details as
          | { items?: { url?: string; scripting?: number; total?: number }[] }
          | undefined;
        for (const item of (busy?.items ?? []).slice(0, 3))
          console.log(
            `    main thread ${Math.round(item.total ?? 0)} ms (scripting ${Math.round(item.scripting ?? 0)} ms): ${item.url}`,
          );
        // The long tasks (over 50 ms, as simulated): each one's part over 50 ms is blocking time.
        const long = lhr.audits['long-tasks']?.details as
          | { items?: { url?: string; startTime?: number; duration?: number }[] }
          | undefined;
        for (const item of (long?.items ?? []).slice(0, 5))
          console.log(
            `    long task at ${Math.round(item.startTime ?? 0)} ms: ${Math.round(item.duration ?? 0)} ms, ${item.url}`,
          );
        // How fast Lighthouse found this host (its benchmark index): the mobile slowdown (4×) assumes a fast one.
        if (formFactor === 'mobile')
          console.log(`    host benchmark index: ${Math.round(lhr.environment?.benchmarkIndex ?? 0)}`);
      }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
