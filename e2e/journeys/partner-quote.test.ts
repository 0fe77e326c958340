import { todayInLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { signInAtIdp } from './checkout-steps.ts';

/**
 * The aggregator quote API's deep link (issue 31 part 2, ADR 363): staff with partner:admin create a partner
 * key on /admin/partners/keys (shown once); a comparison site asks for a quote with it; the visitor follows the
 * deep link and lands on the quote's price, pre-filled; the same link a second time says kindly that it was used.
 */
const browser = useBrowser();

describe('a comparison site’s quote, opened by its deep link', () => {
  it('staff make a key, the partner quotes, the link opens the price once', async () => {
    const base = inject('baseUrl');
    const admin = await browser.newPage({ width: 1280 });
    admin.setDefaultTimeout(15_000);
    await admin.goto('/admin/partners/keys');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example');
    await admin.waitForURL(/\/admin\/?$/);
    await admin.getByTestId('admin-partner-keys-link').click();
    await admin.waitForURL(/\/admin\/partners\/keys$/);
    await admin.getByRole('textbox', { name: 'Partner' }).fill('Journey Compare');
    await admin.getByRole('button', { name: 'Create key' }).click();
    const key = (await admin.getByTestId('new-partner-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^fc_live_[\w-]{43}$/);
    await admin.getByTestId('partner-keys').getByText('Journey Compare').first().waitFor();
    expect(await axeViolations(admin, 'partner keys')).toEqual([]);
    await admin.close();

    // The comparison site's server asks for a quote.
    const res = await fetch(`${base}/api/partners/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({
        schemeCode: 'FCMOTOR1',
        data: sampleProposalData(todayInLondon(new Date())),
        campaign: 'journey',
      }),
    });
    expect(res.status).toBe(201);
    const quote = (await res.json()) as { status: string; monthlyPrice: number; deepLink: string };
    expect(quote.status).toBe('quoted');
    expect(quote.deepLink).toContain('/quote-link#');

    // The visitor follows the link: the quote's price, pre-filled; the token is no longer in the address.
    const page = await browser.newPage({ width: 390 });
    page.setDefaultTimeout(15_000);
    await page.goto(quote.deepLink);
    await page.locator('[data-page="proposal-configuration"]').waitFor();
    expect(page.url()).toMatch(/\/car-insurance\/proposal\/[^/#]+$/);
    expect(await page.locator('main').textContent()).toContain(formatGBP(quote.monthlyPrice));
    await page.close();

    // The same link again, in another browser: used, said kindly, with the ways on.
    const again = await browser.newPage({ width: 390, allowConsoleErrors: [/410/] });
    again.setDefaultTimeout(15_000);
    await again.goto(quote.deepLink);
    await again.getByRole('heading', { name: 'This quote link has already been used' }).waitFor();
    await again.getByRole('link', { name: 'Retrieve a saved quote' }).waitFor();
    expect(await axeViolations(again, 'quote link used')).toEqual([]);
    await again.close();
  });
});
