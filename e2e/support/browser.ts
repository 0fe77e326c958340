import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { repoRoot } from './server.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface NewPageOptions {
  /** Viewport width in px (default 1280); height defaults to 800, or 812 below 768px. */
  width?: number;
  height?: number;
  /** Base URL for relative page.goto() paths; defaults to the global e2e server. */
  baseUrl?: string;
  /** Console errors matching one of these are expected (e.g. a deliberate 401) and do not fail the test. */
  allowConsoleErrors?: RegExp[];
}

export interface BrowserHandle {
  /** A fresh page in its own context (own cookies and session storage). */
  newPage(options?: NewPageOptions): Promise<Page>;
  /** The problems seen so far on pages of the current test (console errors, uncaught errors). */
  problems(): string[];
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/** Narrower than this, a page must never be wider than the viewport (issue 10: checked on every page). */
export const NARROW_VIEWPORT = 768;

/**
 * Runs in every page of a test: whenever the DOM settles (250 ms after the last change or resize) at a
 * viewport narrower than NARROW_VIEWPORT, a page that can scroll sideways logs a console error naming its
 * path, widths and the first element sticking out, once per path and width; the console error fails the test.
 */
function watchHorizontalOverflow(narrow: number) {
  const seen = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const doc = document.documentElement;
    // Below 200 px is no device's viewport but Chromium's passing state while Playwright resizes the page or
    // takes a full-page screenshot (seen once on CI: 1 px); the resize that ends it schedules the check again.
    if (!doc || !document.body || window.innerWidth >= narrow || window.innerWidth < 200) return;
    const width = doc.clientWidth;
    if (doc.scrollWidth <= width + 1) return;
    const key = `${location.pathname}@${window.innerWidth}`;
    if (seen.has(key)) return;
    seen.add(key);
    const culprit = [...document.body.querySelectorAll('*')].find(
      (el) => el.getBoundingClientRect().right > width + 1,
    );
    const what = culprit
      ? ` first: <${culprit.tagName.toLowerCase()} class="${String(culprit.getAttribute('class') ?? '')}">`
      : '';
    console.error(
      `Page wider than the viewport: ${doc.scrollWidth}px > ${width}px at ${window.innerWidth}px on ${location.pathname};${what}`,
    );
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  window.addEventListener('resize', schedule);
  window.addEventListener('load', schedule);
}

/**
 * Registers vitest hooks for a test file: one Chromium for the file, pages closed after each test, and the
 * test fails when any page logged a console error, threw an uncaught error or, narrower than 768 px, was
 * wider than the viewport.
 */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let problems: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (ctx) => {
    // A failed journey says where each of its pages stood: the address, the words on it, the API calls that
    // went wrong, and a screenshot (screenshots/failed-*.png), so that a failure seen once on CI can be read.
    if (ctx.task.result?.state === 'fail') await reportPages(contexts, ctx.task.name);
    for (const context of contexts) await context.close();
    contexts = [];
    const seen = problems;
    problems = [];
    if (seen.length > 0) throw new Error(`The page reported errors:\n${seen.join('\n')}`);
  });

  return {
    problems: () => [...problems],
    async newPage(options: NewPageOptions = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call inside a test)');
      const width = options.width ?? 1280;
      const height = options.height ?? (width < 768 ? 812 : 800);
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: options.baseUrl ?? inject('baseUrl'),
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      });
      contexts.push(context);
      // A wait is a guard against a page that never comes, not a speed target (ADR 408): Playwright's own 30 s
      // was reached by a loaded page on a slow day.
      context.setDefaultTimeout(60_000);
      await context.addInitScript(watchHorizontalOverflow, NARROW_VIEWPORT);
      const page = await context.newPage();
      const allowed = options.allowConsoleErrors ?? [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowed.some((re) => re.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => {
        problems.push(`uncaught: ${error.stack ?? error.message}`);
      });
      const trail: string[] = [];
      trails.set(page, trail);
      const note = (line: string) => {
        trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
        if (trail.length > 40) trail.shift();
      };
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) note(`navigated ${frame.url()}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400)
          note(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => {
        note(`failed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
      });
      return page;
    },
  };
}

const trails = new WeakMap<Page, string[]>();

async function reportPages(contexts: BrowserContext[], test: string) {
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const lines = [`--- page ${i + 1} of ${pages.length} of the failed test "${test}": ${page.url()}`];
    lines.push(...(trails.get(page) ?? []).map((l) => `  ${l}`));
    try {
      const text = (await page.locator('body').textContent({ timeout: 2_000 })) ?? '';
      lines.push(`  text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`);
      const name = `failed-${test.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}-${i + 1}`;
      lines.push(`  screenshot: ${await screenshot(page, name)}`);
    } catch (err) {
      lines.push(`  (no text or screenshot: ${(err as Error).message.split('\n')[0]})`);
    }
    console.log(lines.join('\n'));
  }
}

/** screenshots/<name>-<width>.png under the repository (gitignored); makes the folder. */
export async function screenshotPath(name: string, width: number): Promise<string> {
  const dir = path.join(repoRoot, 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}-${width}.png`);
}

/** Saves a full-page screenshot to screenshots/<name>-<width>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = await screenshotPath(name, page.viewportSize()?.width ?? 0);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * screenshots/<name>-1280.png and -375.png of the page as it is (from the top, so a sticky header is not painted
 * half-way down), then back to its own size: for pages a journey reaches once.
 */
export async function shootBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(350);
    await screenshot(page, name);
  }
  await page.setViewportSize(size);
}
