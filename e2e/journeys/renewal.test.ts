import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { screenshot, shootBoth, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { buyPolicyByCard, pageApi, signInAtIdp } from './checkout-steps.ts';

const browser = useBrowser();

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, `renewal-${name}`);
}

describe('renewal (issue 14)', () => {
  it('opted-in banner → renewal quote → add a cover → opt out with a reason → opted-out banner → opt back in', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      await buyPolicyByCard(page);
      // Eleven months on: the invitation job runs as of 29 days before the anniversary (development hook).
      const invited = await pageApi<{ invited: { outcome: string }[] }>(
        page,
        'POST',
        '/dev/renewals/invite',
        {
          daysAhead: 336,
        },
      );
      expect(invited.status).toBe(200);
      expect(invited.body.invited.map((r) => r.outcome)).toContain('INVITED');

      await page.goto('/');
      const optedIn = page.locator('[data-banner="renewal-opted-in"]').first();
      await optedIn.waitFor();
      await shot(page, 'home-opted-in');
      await optedIn.getByRole('link', { name: 'View renewal' }).click();
      await page.waitForURL(/\/car-insurance\/renewal\/prp_[a-z0-9]+$/);
      const quote = page.getByTestId('renewal-quote');
      await quote.waitFor();
      const before = await quote.locator('[data-price="this-year"]').textContent();
      expect(await quote.locator('[data-price="last-year"]').textContent()).toMatch(/^£[\d,.]+ a month$/);
      await shot(page, 'quote');

      await quote.getByRole('button', { name: 'Add Motor legal expenses' }).click();
      await quote.locator('[data-cover="legal_expenses"][data-active="true"]').waitFor();
      const after = await quote.locator('[data-price="this-year"]').textContent();
      expect(after).not.toBe(before);
      await shot(page, 'quote-with-cover');

      await quote.getByRole('link', { name: 'I do not want to renew' }).click();
      await page.waitForURL(/\/opt-out$/);
      const confirm = page.getByRole('button', { name: /^Opt out: end my cover on / });
      expect(await confirm.isDisabled()).toBe(true);
      await page.getByLabel('The price').check();
      await shot(page, 'opt-out');
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/');
      const optedOut = page.locator('[data-banner="renewal-opted-out"]').first();
      await optedOut.waitFor();
      await shot(page, 'home-opted-out');

      await optedOut.getByRole('button', { name: 'Opt back in' }).click();
      await page.locator('[data-banner="renewal-opted-in"]').first().waitFor();
      expect(await page.locator('[data-banner="renewal-opted-out"]').count()).toBe(0);
      await page.close();
    }
  });
});

describe('renewal review by staff (issue 14, ADR 265)', () => {
  /**
   * A server of its own, seeded on start: on the shared one the other journeys have already spent the admin's
   * sign-in codes (5 per address per 15 minutes) and invited the referred renewal by the development hook.
   */
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("staff release the demo customer's referred renewal from the review queue (ADR 265)", async () => {
    const widths = [375, 1280];
    for (const width of widths) {
      const admin = await browser.newPage({ width, baseUrl: server.baseUrl });
      await admin.goto('/admin');
      await admin.getByTestId('admin-sign-in').click();
      await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
      await admin.getByTestId('admin-renewals-link').click();
      await admin.waitForURL(/\/admin\/renewals$/);
      // The demo's referred renewal: SU72HBL, whose policyholder turns 86 before the anniversary.
      const row = admin.locator('[data-renewal]', { hasText: 'SU72 HBL' });
      await row.waitFor();
      await shot(admin, 'admin-queue');
      await row.getByRole('link', { name: /^Review / }).click();
      await admin.locator('[data-page="admin-renewal-review"]').waitFor();
      const form = admin.getByTestId('renewal-decision');
      await form.waitFor();
      const offered = await admin.locator('[data-price="offered"]').textContent();
      await form.getByLabel(/^Reason/).fill('Medical confirmed: fit to drive');
      await shot(admin, 'admin-review');
      if (width === widths.at(-1)) {
        await form.getByRole('button', { name: 'Confirm decision' }).click();
        await admin.getByText(`Done: the customer has been invited to renew at ${offered}.`).waitFor();
        expect(await admin.getByTestId('renewal-decisions').textContent()).toContain(
          'Medical confirmed: fit to drive',
        );
        await shot(admin, 'admin-released');
        // Gone from the queue.
        await admin.getByRole('link', { name: 'All waiting renewals' }).click();
        await admin.waitForURL(/\/admin\/renewals$/);
        await admin
          .getByTestId('renewal-queue')
          .or(admin.getByText('Nothing is waiting for review.'))
          .first()
          .waitFor();
        expect(await admin.locator('[data-renewal]', { hasText: 'SU72 HBL' }).count()).toBe(0);
      }
      await admin.close();
    }
  });

  it('staff changing a policy whose renewal is quoted are told to change the renewal quote too (ADR 404)', async () => {
    const admin = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    await admin.goto('/admin');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
    await admin.getByLabel('Customer id').fill('00000000-0000-4000-8000-00000000d001');
    await admin.getByTestId('impersonate-submit').click();
    await admin.getByTestId('admin-bar').waitFor();
    // The demo's policy in its renewal window, opted in, with its renewal quote (PN12GNP).
    const held = await pageApi<
      {
        policyId: string;
        renewalProposal: string | null;
        currentPolicyVersion: { quote: { vrn?: string } };
      }[]
    >(admin, 'GET', '/api/policies', undefined, {
      'x-impersonate': '00000000-0000-4000-8000-00000000d001',
    });
    const policy = held.body.find((p) => p.currentPolicyVersion.quote.vrn === 'PN12GNP');
    if (!policy?.renewalProposal) throw new Error('the demo policy in its renewal window is missing');
    await admin.goto(`/admin/car-insurance/policy/${policy.policyId}/management`);
    const notice = admin.getByTestId('renewal-quoted');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('does not reach the renewal quote');
    expect(await axeViolations(admin, 'staff change with a renewal quoted')).toEqual([]);
    await shootBoth(admin, 'renewal-quoted-staff-change');
    await notice.getByRole('link', { name: 'Open the renewal quote' }).click();
    await admin.waitForURL(new RegExp(`/admin/car-insurance/renewal/${policy.renewalProposal}`));
    await admin.getByTestId('renewal-quote').waitFor();
    await admin.close();
  });
});
