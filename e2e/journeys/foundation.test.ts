import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const browser = useBrowser();

describe('foundation', () => {
  it('loads home with the default brand', async () => {
    const page = await browser.newPage({ width: 1280 });
    await page.goto('/');
    await expect(page.title()).resolves.toMatch(/car insurance/);
  });
});
