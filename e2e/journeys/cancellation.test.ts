import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser.ts';
import { buyPolicyByCard, startingToday } from './checkout-steps.ts';

const browser = useBrowser();

/** screenshots/cancellation-<name>-<width>.png, once the page has settled. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await screenshot(page, `cancellation-${name}`);
}

describe('cancellation (issue 13)', () => {
  it('a customer cancels in cooling-off, sees the refund, and is asked for feedback', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      // Cover starts today, so one day on cover is kept and the rest refunded.
      await buyPolicyByCard(page, startingToday);
      await page.getByRole('link', { name: 'View your policy' }).click();
      await page.waitForURL(/\/car-insurance\/policy\/[0-9a-f-]{36}$/);
      const root = new URL(page.url()).pathname;

      await page.getByRole('link', { name: 'Cancel policy' }).click();
      await page.waitForURL((url) => url.pathname === `${root}/cancel`);
      const form = page.getByTestId('cancel-form');
      await form.waitFor();
      expect(await form.getAttribute('data-cancellation-type')).toBe('CoolingOff');
      const offered = (await page.getByText(/we will refund £/i).textContent()) ?? '';
      const refund = /£[\d,]+\.\d{2}/.exec(offered)?.[0];
      expect(refund).toBeTruthy();
      // Cooling-off offers reasons only: no choice of when.
      expect(await page.getByText('When should your cover end?').count()).toBe(0);
      await shot(page, 'form');

      await page.getByRole('radio', { name: 'Something else' }).check();
      const submit = page.getByRole('button', { name: 'Cancel my policy' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('textbox', { name: /Tell us why/ }).fill('Moving abroad');
      await shot(page, 'form-filled');
      await submit.click();

      const done = page.getByTestId('cancellation-confirmation');
      await done.waitFor().catch(async (err) => {
        await shot(page, 'debug');
        throw err;
      });
      expect(await done.textContent()).toMatch(/Your policy is cancelled.*Your cover ended at \d\d:\d\d on /);
      expect(await page.getByTestId('refund').textContent()).toBe(
        `We are refunding ${refund} to the card or bank account you paid with. It reaches you in 7 to 10 working days.`,
      );
      await shot(page, 'confirmation');

      // The feedback window opens 2 s after the confirmation, once (spec 2 §4; issue 28 defect 8).
      const feedback = page.getByRole('dialog', { name: 'How was cancelling your policy?' });
      await feedback.waitFor({ timeout: 6_000 });
      await shot(page, 'feedback');
      if (width === 1280) {
        await feedback.getByRole('radio', { name: '8' }).check();
        await feedback.getByRole('button', { name: 'Send feedback' }).click();
        const thanks = page.getByTestId('feedback-thanks');
        await thanks.waitFor();
        await thanks.getByRole('button', { name: 'Close' }).click();
      } else await feedback.getByRole('button', { name: 'Not now' }).click();
      await feedback.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'See your policy' }).click();
      await page.getByText('Cancelled', { exact: true }).waitFor();
      await page.close();
    }
  });
});
