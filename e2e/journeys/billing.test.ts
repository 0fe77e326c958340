import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { configurationToCheckout, payOnHostedPage, pricedQuote } from './checkout-steps.ts';

const browser = useBrowser();

/** screenshots/<name>-<width>.png, once the page has settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

describe('billing tab (issue 12)', () => {
  it('after buying: the first statement paid, the next payment a month on, the statement modal with its lines', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page);
      await configurationToCheckout(page, code);
      await page.locator('[data-page="checkout-card"]').waitFor();
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4242 4242 4242 4242');
      await page.locator('[data-page="checkout-success"]').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'View your policy' }).click();
      const tabs = page.getByRole('navigation', { name: 'Policy sections' });
      await tabs.getByRole('link', { name: 'Billing' }).click();
      const latest = page.getByTestId('latest-statement');
      await latest.waitFor();
      expect(await latest.textContent()).toContain('Paid in full');
      expect(await latest.textContent()).toContain('Statement 1');
      expect(await page.getByTestId('next-payment').textContent()).toMatch(
        /^£\d+\.\d\d on \d{1,2} [A-Z][a-z]+ 20\d\d$/,
      );
      expect(await page.getByTestId('payment-day').textContent()).toMatch(/^Day \d{1,2} of each month$/);
      await page.getByRole('complementary', { name: 'Payment settings' }).waitFor();
      await shot(page, 'billing-tab');
      await latest.getByRole('button', { name: 'Statement 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Statement 1' });
      await dialog.getByTestId('statement-detail').waitFor();
      const rows = await dialog.getByRole('row').allTextContents();
      expect(rows).toHaveLength(3);
      // The checkout payment (taken just before bind) and the first month's invoice, IPT shown on the premium.
      expect(rows.some((r) => /^Monthly premium includes £\d+\.\d\d insurance premium tax/.test(r))).toBe(
        true,
      );
      expect(rows.some((r) => /^Payment received.*-£\d+\.\d\d$/.test(r))).toBe(true);
      await shot(page, 'billing-statement-modal');
      await page.close();
    }
  });
});
