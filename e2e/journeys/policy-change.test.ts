import { todayInLondon } from '@forecourt/domain/dates';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { certificatePdf, configurationToCheckout, payOnHostedPage, pricedQuote } from './checkout-steps.ts';

const browser = useBrowser();

/** screenshots/policy-change-<name>-<width>.png, once the page has settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, `policy-change-${name}`);
}

describe('mid-term change (issue 13)', () => {
  it('a customer adds legal expenses, sees the new price and the difference, confirms and gets the new certificate', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page, (d) => {
        (d.quote as Record<string, unknown>).startDate = todayInLondon(new Date());
      });
      await configurationToCheckout(page, code);
      await page.locator('[data-page="checkout-card"]').waitFor();
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4242 4242 4242 4242');
      await page.locator('[data-page="checkout-success"]').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'View your policy' }).click();
      await page.waitForURL(/\/car-insurance\/policy\/[0-9a-f-]{36}$/);
      const root = new URL(page.url()).pathname;
      const policyId = root.split('/').at(-1) ?? '';

      await page.getByRole('link', { name: 'Add-ons' }).first().click();
      await page.getByTestId('add-ons-page').waitFor();
      await page
        .getByRole('group', { name: 'Motor legal expenses' })
        .getByRole('radio', { name: 'Include' })
        .check();
      await shot(page, 'add-ons');
      await page.getByRole('button', { name: 'See my new price' }).click();

      await page.getByTestId('adjustment-review').waitFor();
      expect(await page.getByTestId('new-price').textContent()).toMatch(
        /^Your new price is £[\d,]+\.\d\d a month/,
      );
      expect(await page.getByTestId('difference').textContent()).toMatch(
        /^For the rest of this period the change costs £\d+\.\d\d\.$/,
      );
      await shot(page, 'review');
      await page.getByRole('button', { name: 'Confirm the change' }).click();
      await page.getByTestId('adjustment-result').waitFor();
      await shot(page, 'result');

      expect(await certificatePdf(page, policyId, 2)).toMatch(/^application\/pdf %PDF-/);
      await page.getByRole('link', { name: 'See your new documents' }).click();
      await page
        .getByText(/Version 2/)
        .first()
        .waitFor();
      await shot(page, 'documents');
      await page.close();
    }
  });
});
