import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { buyPolicyByCard } from './checkout-steps.ts';

const browser = useBrowser();

/** screenshots/customer-area-<name>-<width>.png, once the page has settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, `customer-area-${name}`);
}

describe('customer area (issue 11)', () => {
  it('after buying, "View your policy" opens the policy page; each tab works; home lists the policy', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      await buyPolicyByCard(page);

      await page.getByRole('link', { name: 'View your policy' }).click();
      await page.waitForURL(/\/car-insurance\/policy\/[0-9a-f-]{36}$/);
      const tabs = page.getByRole('navigation', { name: 'Policy sections' });
      await tabs.waitFor();
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'Policy details',
        'Documents',
        'Billing',
        'Claims',
      ]);
      await page.getByText(/Includes Insurance Premium Tax of £/).waitFor();
      await shot(page, 'policy-details');
      const root = new URL(page.url()).pathname;

      await tabs.getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('button', { name: 'Certificate of motor insurance' }).waitFor();
      await shot(page, 'policy-documents');
      await tabs.getByRole('link', { name: 'Billing' }).click();
      await page.getByRole('heading', { name: 'Next payment' }).waitFor();
      await shot(page, 'policy-billing');
      await tabs.getByRole('link', { name: 'Claims' }).click();
      await page.waitForURL(/\/claims$/);
      await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
      await shot(page, 'policy-claims');

      await page.goto(`${root}/not-a-tab`);
      await page.waitForURL((url) => url.pathname === root);

      await page.goto('/');
      await page.getByRole('tab', { name: 'Policies (1)' }).waitFor();
      expect(await page.getByTestId('policy-card').count()).toBe(1);
      await shot(page, 'home-signed-in');
      await page.close();
    }
  });
});
