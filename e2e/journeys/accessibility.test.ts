import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeSweep } from '../support/axe.ts';
import { shootBoth, useBrowser } from '../support/browser.ts';
import { useOwnServer } from '../support/own-server.ts';
import {
  confirmSummary,
  pageApi,
  payOnHostedPage,
  pricedQuote,
  setUpAccountWithCode,
  signInAtIdp,
  startingToday,
} from './checkout-steps.ts';

/**
 * axe over every page kind (issue 28): the quote and checkout pages, every signed-in page kind of a
 * customer (home, policy tabs, change, cancel, claims, uploads, account), and the staff pages (acting for the
 * demo customer: each policy status, the renewal page, the review queue; the claims queue and a claim, and
 * the claim tracker on the claims tab). Any serious or critical violation
 * fails, all of them named in one run. One sign-in each, many pages.
 */
const browser = useBrowser();
/** The staff sweep's own server (the admin's sign-in codes are not spent by other journeys). */
const server = useOwnServer();

const DEMO_PARTY = '00000000-0000-4000-8000-00000000d001';

/** A page has shown its heading and its data has arrived. */
async function ready(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

describe('accessibility: axe on every page kind (issue 28)', () => {
  it('a newcomer quotes and buys; then every page of their policy, a change and a cancellation', async () => {
    const sweep = axeSweep();
    const page = await browser.newPage({ width: 1280 });
    page.setDefaultTimeout(15_000);
    await page.goto('/');
    const cookies = page.getByRole('button', { name: 'Accept all cookies' });
    await cookies.waitFor();
    await sweep.check(page, 'public home with the cookie banner');
    await cookies.click();

    // The quote.
    await page.goto('/car-insurance');
    await page.waitForURL(/\/before-we-begin$/);
    await ready(page);
    await sweep.check(page, 'quote: before we begin');
    await page.getByRole('link', { name: "Let's get started" }).click();
    await page.locator('[data-page="section-your-car"]').waitFor();
    await sweep.check(page, 'quote: a question section');
    const code = await pricedQuote(page, startingToday);
    await page.goto(`/car-insurance/proposal/${code}`);
    await page.locator('[data-page="proposal-configuration"]').waitFor();
    await page.getByTestId('price').waitFor();
    await sweep.check(page, 'quote: the price');

    // The checkout.
    await page.getByRole('button', { name: /^Continue( with my offer)?$/ }).click();
    await page.waitForURL(/\/(add-ons|account-setup|summary)$/);
    if (page.url().endsWith('/add-ons')) {
      await page.locator('[data-page="add-ons"]').waitFor();
      await sweep.check(page, 'quote: add-ons');
      for (const decline of await page
        .locator('[data-cover]')
        .getByRole('button', { name: 'No thanks' })
        .all())
        await decline.click();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL(/\/(account-setup|summary)$/);
    }
    if (page.url().endsWith('/account-setup')) {
      await page.locator('[data-page="account-setup"]').waitFor();
      await sweep.check(page, 'checkout: account set-up');
      await setUpAccountWithCode(page);
    }
    await page.locator('[data-page="summary"]').waitFor();
    await sweep.check(page, 'checkout: summary');
    await confirmSummary(page);
    await page.locator('[data-page="checkout-card"]').waitFor();
    await sweep.check(page, 'checkout: card');
    await page.getByRole('button', { name: /^Pay / }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.locator('[data-page="checkout-success"]').waitFor();
    await sweep.check(page, 'checkout: success');

    // The customer's policy: every tab.
    await page.getByRole('link', { name: 'View your policy' }).click();
    await page.waitForURL(/\/car-insurance\/policy\/[0-9a-f-]{36}$/);
    const root = new URL(page.url()).pathname;
    await page.getByText(/Includes Insurance Premium Tax of £/).waitFor();
    await sweep.check(page, 'policy: details');
    await page.goto(`${root}/documents`);
    await page.getByRole('button', { name: 'Certificate of motor insurance' }).first().waitFor();
    await sweep.check(page, 'policy: documents');
    await page.goto(`${root}/billing`);
    await page.getByRole('heading', { name: 'Next payment' }).waitFor();
    await sweep.check(page, 'policy: billing');
    await page.goto(`${root}/claims`);
    await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
    await sweep.check(page, 'policy: claims');
    await page.getByRole('button', { name: 'Report a claim online' }).click();
    await page.getByRole('form', { name: 'Report a claim' }).waitFor();
    await sweep.check(page, 'claims: the claim form');
    await page.goto(`${root}/uploads`);
    await page.getByTestId('upload-form').waitFor();
    await sweep.check(page, 'policy: uploads');
    await page.goto(`${root}/excess`);
    await page.getByTestId('excess-page').waitFor();
    await sweep.check(page, 'policy: excess');
    await page.goto(`${root}/add-ons`);
    await page.getByTestId('add-ons-page').waitFor();
    await sweep.check(page, 'policy: add-ons');
    await page.goto(`${root}/management`);
    await page.getByTestId('management').waitFor();
    await sweep.check(page, 'change: management');

    // A change: a section, its review, its result and the feedback window (issue 28 defect 8).
    await page.goto(`${root}/management/section/using-the-car`);
    const mileage = page.locator('[data-question="annualMileage"] input');
    await mileage.waitFor();
    await sweep.check(page, 'change: a section');
    await mileage.fill('12000');
    await page.getByRole('button', { name: 'See my new price' }).click();
    await page.getByTestId('adjustment-review').waitFor();
    await sweep.check(page, 'change: review');
    await page.getByRole('button', { name: 'Confirm the change' }).click();
    await page.getByTestId('adjustment-result').waitFor();
    await sweep.check(page, 'change: result');
    const changeFeedback = page.getByRole('dialog', { name: 'How was changing your policy?' });
    await changeFeedback.waitFor({ timeout: 6_000 });
    await sweep.check(page, 'change: the feedback window');
    await changeFeedback.getByRole('button', { name: 'Not now' }).click();
    await changeFeedback.waitFor({ state: 'detached' });

    // Home, the user menu and the account pages.
    await page.goto('/');
    await page.getByTestId('policy-card').first().waitFor();
    await sweep.check(page, 'home');
    await shootBoth(page, 'accessibility-home');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem').first().waitFor();
    await sweep.check(page, 'home: the user menu open');
    await shootBoth(page, 'accessibility-user-menu');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await sweep.check(page, 'home at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/account');
    await page.locator('[data-page="account"]').waitFor();
    await sweep.check(page, 'account');

    // A cancellation: the form, the confirmation and the feedback window.
    await page.goto(`${root}/cancel`);
    await page.getByTestId('cancel-form').waitFor();
    await sweep.check(page, 'cancel: the form');
    await page.getByRole('radio', { name: 'Something else' }).check();
    await page.getByRole('textbox', { name: /Tell us why/ }).fill('Moving abroad');
    await page.getByRole('button', { name: 'Cancel my policy' }).click();
    await page.getByTestId('cancellation-confirmation').waitFor();
    await sweep.check(page, 'cancel: the confirmation');
    const cancelFeedback = page.getByRole('dialog', { name: 'How was cancelling your policy?' });
    await cancelFeedback.waitFor({ timeout: 6_000 });
    await sweep.check(page, 'cancel: the feedback window');

    expect(sweep.visited().length).toBeGreaterThanOrEqual(25);
    expect(sweep.found()).toEqual([]);
  }, 300_000);

  it('staff: the sign-in, the customer search, the renewal queue and review, the claims queue and a claim, the money owed back; acting for the demo customer, every policy status and its tabs, the renewal page', async () => {
    const sweep = axeSweep();
    const admin = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    admin.setDefaultTimeout(15_000);
    await admin.goto('/admin');
    await admin.getByTestId('admin-sign-in').waitFor();
    await sweep.check(admin, 'admin: signed out');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
    await admin.getByTestId('impersonate-submit').waitFor();
    await sweep.check(admin, 'admin: act for a customer');
    await admin.getByTestId('admin-renewals-link').click();
    await admin.waitForURL(/\/admin\/renewals$/);
    const row = admin.locator('[data-renewal]').first();
    await row.waitFor();
    await sweep.check(admin, 'admin: renewals waiting for review');
    await row.getByRole('link', { name: /^Review / }).click();
    await admin.locator('[data-page="admin-renewal-review"]').waitFor();
    await admin.getByTestId('renewal-decision').waitFor();
    await sweep.check(admin, 'admin: a renewal review');
    await admin.goto('/admin/claims');
    await admin.getByTestId('claims-queue').waitFor();
    await sweep.check(admin, 'admin: the claims queue');
    await admin.locator('[data-claim]').first().getByRole('link').click();
    await admin.getByTestId('claim-history').waitFor();
    await sweep.check(admin, 'admin: a claim');
    await admin.goto('/admin/refunds');
    await admin
      .locator('[data-page="admin-refunds"]')
      .getByRole('heading', { name: 'Money owed back' })
      .waitFor();
    await admin
      .getByText('No customer is waiting for money that could not be paid back.')
      .or(admin.getByTestId('refunds-held'))
      .first()
      .waitFor();
    await sweep.check(admin, 'admin: money owed back');

    await admin.goto('/admin');
    await admin.getByLabel('Customer id').fill(DEMO_PARTY);
    await admin.getByTestId('impersonate-submit').click();
    await admin.getByTestId('admin-bar').waitFor();
    const reminder = admin.getByRole('dialog', { name: 'You have a payment to make' });
    await reminder.waitFor();
    await sweep.check(admin, 'acting: home with the payment reminder');
    await reminder.getByRole('button', { name: 'Later' }).click();
    await reminder.waitFor({ state: 'detached' });
    await admin.getByTestId('policy-card').first().waitFor();
    await sweep.check(admin, 'acting: home, policies');
    await admin.getByRole('tab', { name: /^Quotes/ }).click();
    await admin.getByTestId('proposal-card').first().waitFor();
    await sweep.check(admin, 'acting: home, quotes');

    type Held = { policyId: string; renewalProposal: string | null; policyDetail: { policyStatus: string } };
    const held = (
      await pageApi<Held[]>(admin, 'GET', '/api/policies', undefined, { 'x-impersonate': DEMO_PARTY })
    ).body;
    const statuses = new Set<string>();
    for (const policy of held) {
      const status = policy.policyDetail.policyStatus;
      if (status === 'RENEWED' || statuses.has(status)) continue;
      statuses.add(status);
      const root = `/admin/car-insurance/policy/${policy.policyId}`;
      await admin.goto(root);
      const nav = admin.getByRole('navigation', { name: 'Policy sections' });
      await nav.waitFor();
      const tabs = await nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
        );
      for (const tab of tabs) {
        await admin.goto(tab.href);
        await nav.waitFor();
        await ready(admin);
        await sweep.check(admin, `acting: ${status} ${tab.name}`);
      }
    }
    expect([...statuses].sort()).toEqual(['ACTIVE', 'CANCELLED', 'LAPSED', 'NTU', 'PENDING', 'VOIDED']);
    const renewal = held.find((p) => p.renewalProposal)?.renewalProposal;
    expect(renewal).toBeTruthy();
    await admin.goto(`/admin/car-insurance/renewal/${renewal}`);
    await ready(admin);
    await sweep.check(admin, 'acting: the renewal page');

    expect(sweep.found()).toEqual([]);
  }, 300_000);

  it('the demo customer: the payment confirmations (Pay now, opt back in), a declined card, payment received with the keep-card offer (ADR 353)', async () => {
    const sweep = axeSweep();
    const page = await browser.newPage({ width: 1280, baseUrl: server.baseUrl });
    page.setDefaultTimeout(15_000);
    await page.goto('/sign-in');
    await signInAtIdp(page, 'demo@forecourt.example', server.baseUrl);
    await page.waitForURL((url) => url.pathname === '/');
    const reminder = page.getByRole('dialog', { name: 'You have a payment to make' });
    if (
      await reminder.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await reminder.getByRole('button', { name: 'Later' }).click();
      await reminder.waitFor({ state: 'detached' });
    }
    const lapsed = page.locator('[data-banner="renewal-lapsed"]').first();
    await lapsed.getByRole('button', { name: 'Opt back in' }).click();
    const takeUp = page.getByRole('dialog', { name: /^Renew policy / });
    await takeUp.locator('[data-fact="card"]').waitFor();
    await sweep.check(page, 'home: opt back in, the confirmation');
    await takeUp.getByRole('button', { name: 'Not now' }).click();
    await takeUp.waitFor({ state: 'detached' });

    type Held = { policyId: string; currentPolicyVersion: { quote: { vrn?: string } } };
    const held = (await pageApi<Held[]>(page, 'GET', '/api/policies')).body;
    const arrears = held.find((p) => p.currentPolicyVersion.quote.vrn === 'BM70SER');
    expect(arrears).toBeTruthy();
    await page.goto(`/car-insurance/policy/${arrears?.policyId}/billing`);
    await page.getByRole('complementary', { name: 'Payment settings' }).waitFor();
    const pay = async (card: string) => {
      await page.getByTestId('pay-outstanding').click();
      const dialog = page.getByRole('dialog', { name: 'Pay your outstanding balance' });
      await dialog.locator('[data-fact="amount"]').waitFor();
      if (card.endsWith('0002')) await sweep.check(page, 'billing: Pay now, the confirmation');
      await dialog.getByRole('button', { name: /^Continue to pay / }).click();
      await payOnHostedPage(page, card);
      await page.waitForURL(/\/billing/);
    };
    await pay('4000 0000 0000 0002');
    await page.getByTestId('settle-result').filter({ hasText: 'did not go through' }).waitFor();
    await sweep.check(page, 'billing: a declined card');
    await pay('4242 4242 4242 4242');
    await page.getByTestId('keep-card').waitFor();
    await sweep.check(page, 'billing: payment received, keep the new card?');
    await page.getByRole('button', { name: 'Yes, use this card' }).click();
    await page.getByTestId('card-kept').waitFor();
    await sweep.check(page, 'billing: the new card kept');

    expect(sweep.found()).toEqual([]);
  }, 300_000);
});
