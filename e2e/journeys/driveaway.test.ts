import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { configurationToSummary, confirmSummary, payOnHostedPage, pricedQuote } from './checkout-steps.ts';

const browser = useBrowser();

/** Issue 12 item 7 (ADR 245): a week's driveaway cover bought by card on the second brand. */
describe('driveaway on the second brand (BRAND=motorhub)', () => {
  let motorhub: RunningServer;
  beforeAll(async () => {
    motorhub = await startServer({ env: { BRAND: 'motorhub' } });
  });
  afterAll(async () => {
    await motorhub?.stop();
  });

  it('priced for 7 days, paid in full by card (no Direct Debit), a policy without a billing link', async () => {
    const page = await browser.newPage({ baseUrl: motorhub.baseUrl });
    const code = await pricedQuote(page, undefined, 'MHDRIVE7');
    const quotePage = await configurationToSummary(page, code, 'drive-away-7-days');
    expect(quotePage).toMatch(/£[\d,]+\.\d\d for 7 days/);
    expect(quotePage).not.toMatch(/a month/);
    await confirmSummary(page);
    await page.locator('[data-page="checkout-card"]').waitFor();
    await expect(page.getByTestId('method-dd').count()).resolves.toBe(0);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'driveaway-checkout');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'driveaway-checkout');
    await page.getByRole('button', { name: /^Pay £[\d,]+\.\d\d by card$/ }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.locator('[data-page="checkout-success"]').waitFor();

    await page.goto('/');
    const card = page.getByTestId('policy-card').first();
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('MotorHub drive away: 7 days');
    await expect(card.getByRole('link', { name: /billing/i }).count()).resolves.toBe(0);
    await expect(card.getByRole('link', { name: /documents/i }).count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'driveaway-home');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'driveaway-home');
  });
});
