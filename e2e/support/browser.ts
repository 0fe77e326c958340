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

/**
 * Registers vitest hooks for a test file: one Chromium for the file, pages closed after each test, and the
 * test fails when any page logged a console error or threw an uncaught error.
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
  afterEach(async () => {
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
      return page;
    },
  };
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
