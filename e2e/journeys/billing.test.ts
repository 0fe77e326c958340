import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { screenshot, shootBoth, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import {
  configurationToCheckout,
  pageApi,
  payOnHostedPage,
  pricedQuote,
  signInAtIdp,
} from './checkout-steps.ts';

const browser = useBrowser();
const DEMO_PARTY = '00000000-0000-4000-8000-00000000d001';
const POUNDS = /^-?£[\d,]+\.\d\d$/;
const DAY = /^\d{1,2} [A-Z][a-z]+ 20\d\d$/;

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
      await page.locator('[data-page="checkout-success"]').waitFor();
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

type Held = { policyId: string; currentPolicyVersion: { quote: { vrn?: string } } };

/** The demo customer signed in on `baseUrl`, past the arrears reminder home shows once a session. */
async function signInAsDemo(page: Page, baseUrl: string) {
  await page.goto('/sign-in');
  await signInAtIdp(page, 'demo@forecourt.example', baseUrl);
  await page.waitForURL((url) => url.pathname === '/');
  const reminder = page.getByRole('dialog', { name: 'You have a payment to make' });
  await reminder.getByRole('button', { name: 'Later' }).click();
  await reminder.waitFor({ state: 'detached' });
}

/**
 * The admin signed in on `baseUrl`, acting for the demo customer, past the arrears reminder when there is one.
 * The second brand's arrears are settled by an earlier test of this file; after that the reminder came in
 * most runs and not in one (CI, 2026-11-26), so it is dismissed when it comes, not required. What the staff
 * tests check is the billing page, not the reminder (the customer's own test requires it).
 */
async function adminForDemo(page: Page, baseUrl: string) {
  await page.goto('/admin');
  await page.getByTestId('admin-sign-in').click();
  await signInAtIdp(page, 'admin@forecourt.example', baseUrl);
  await page.getByLabel('Customer id').fill(DEMO_PARTY);
  await page.getByTestId('impersonate-submit').click();
  await page.getByTestId('admin-bar').waitFor();
  const reminder = page.getByRole('dialog', { name: 'You have a payment to make' });
  const shown = await reminder
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  await reminder.getByRole('button', { name: 'Later' }).click();
  await reminder.waitFor({ state: 'detached' });
}

/** The demo policy for `vrn` (seeded by the real operations, README "Demo data"). */
async function demoPolicy(page: Page, vrn: string, headers: Record<string, string> = {}) {
  const held = (await pageApi<Held[]>(page, 'GET', '/api/policies', undefined, headers)).body;
  const policy = held.find((p) => p.currentPolicyVersion.quote.vrn === vrn);
  if (!policy) throw new Error(`the demo policy ${vrn} is missing`);
  return policy.policyId;
}

/** Opens a policy's billing tab from its card on home, then its tabs (`prefix` '/admin' for staff). */
async function openBilling(page: Page, policyId: string, prefix = '') {
  await page.goto(`${prefix}/`);
  // The policy's path names its product (car-insurance, or motor-cover on the second brand).
  const link = page.getByTestId('policy-card').locator(`a[href*="/policy/${policyId}"]`).first();
  const href = (await link.getAttribute('href')) ?? '';
  await page.goto(href.slice(0, href.indexOf(policyId) + policyId.length));
  await page
    .getByRole('navigation', { name: 'Policy sections' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await page.getByRole('complementary', { name: 'Payment settings' }).waitFor();
}

/** A statement row's number, date, amount (with "due …" while owed) and status badge as shown. */
const statementRows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('li')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));

/** Days as shown ("4 December 2026"), newest first. */
const inDateOrder = (days: string[]) =>
  days.every((d, i) => i === 0 || Date.parse(days[i - 1]!) >= Date.parse(d));

/** The next-payment estimate: amount in pounds and the day it is taken. */
async function nextPayment(page: Page) {
  const text = (await page.getByTestId('next-payment').textContent()) ?? '';
  const match = /^(£[\d,]+\.\d\d) on (\d{1,2}) ([A-Z][a-z]+ 20\d\d)$/.exec(text);
  if (!match) throw new Error(`Next payment shows '${text}'`);
  return { text, amount: match[1], day: Number(match[2]) };
}

describe('the demo customer’s billing on the default brand (the shared server)', () => {
  it('an active subscription’s months of statements, a statement’s modal with its lines in pounds', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, inject('baseUrl'));
    await openBilling(page, await demoPolicy(page, 'VW19GLF'));
    const latest = page.getByTestId('latest-statement');
    await latest.waitFor();
    expect(await latest.textContent()).toMatch(/^Paid in fullStatement \d+/);
    const previous = await statementRows(page, 'previous-statements');
    // Bought five months ago and billed each month since: four or more earlier statements, all paid.
    expect(previous.length).toBeGreaterThanOrEqual(4);
    for (const [title, day, amount, status] of previous) {
      expect(title).toMatch(/^Statement \d+$/);
      expect(day).toMatch(DAY);
      // Paid, and still with what it billed (issue 28 defect 10).
      expect(amount).toMatch(/^£[\d,]+\.\d\d$/);
      expect(status).toBe('Paid');
    }
    const numbers = previous.map(([title]) => Number(title?.replace('Statement ', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(inDateOrder(previous.map(([, day]) => day ?? ''))).toBe(true);
    await nextPayment(page);
    expect(await page.getByTestId('payment-method').textContent()).toMatch(/^Card, /);
    expect(await page.getByTestId('payment-day').textContent()).toMatch(/^Day \d{1,2} of each month$/);
    await shootBoth(page, 'billing-demo-tab');

    // A previous month's statement: the premium line (IPT shown), the payment, the figures, all in pounds.
    const second = previous[previous.length - 2]?.[0] ?? '';
    await page.getByTestId('previous-statements').getByRole('button', { name: second }).click();
    const dialog = page.getByRole('dialog', { name: second });
    await dialog.getByTestId('statement-detail').waitFor();
    const lines = await dialog
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
    const premium = lines.find(([item]) => item?.startsWith('Monthly premium'));
    expect(premium?.[0]).toMatch(/^Monthly premium includes £\d+\.\d\d insurance premium tax$/);
    expect(premium?.[1]).toMatch(/^\d{1,2} [A-Z][a-z]+ 20\d\d – \d{1,2} [A-Z][a-z]+ 20\d\d$/);
    expect(premium?.[2]).toMatch(/^£[\d,]+\.\d\d$/);
    const payment = lines.find(([item]) => item === 'Payment received');
    expect(payment?.[2]).toBe(`-${premium?.[2]}`);
    for (const [, , amount] of lines) expect(amount).toMatch(POUNDS);
    const facts = await dialog
      .locator('dl dd')
      .allTextContents()
      .then((dd) => dd.map((d) => d.trim()));
    expect(facts).toHaveLength(4);
    for (const figure of facts) expect(figure).toMatch(POUNDS);
    expect(facts[3]).toBe('£0.00');
    await shootBoth(page, 'billing-demo-statement-modal');
  });

  it('where each policy stands (issue 28): a Direct Debit in flight is not arrears; an ending policy has no renewal toggle', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, inject('baseUrl'));
    type Standing = {
      arrears: unknown;
      pendingCollection: { amount: number } | null;
      ending: { endsAt: string } | null;
    };
    const standings = (
      await pageApi<(Held & { policyNumber: string; standing: Standing })[]>(page, 'GET', '/api/policies')
    ).body;
    const of = (vrn: string) => {
      const found = standings.find((p) => p.currentPolicyVersion.quote.vrn === vrn);
      if (!found) throw new Error(`the demo policy ${vrn} is missing`);
      return found;
    };
    // FE17TTA pays by Direct Debit: a statement being collected is said as such, never "please pay it now".
    const debit = of('FE17TTA');
    expect(debit.standing.arrears).toBeNull();
    await openBilling(page, debit.policyId);
    await page.getByTestId('next-payment').waitFor();
    expect(await page.getByText('We could not take your last payment. Please pay it now.').count()).toBe(0);
    expect(await page.getByTestId('pay-outstanding').count()).toBe(0);
    expect(await page.getByTestId('next-payment-how').textContent()).toContain('By Direct Debit.');
    if (debit.standing.pendingCollection)
      expect(await page.getByTestId('pending-collection').textContent()).toMatch(
        /^Your Direct Debit will be taken on or after \d{1,2} [A-Z][a-z]+ 20\d\d\./,
      );
    // Its mandate was approved by the sandbox bank (not "waiting" two months on).
    expect(await page.getByTestId('mandate-status').textContent()).toBe('Active');
    await shootBoth(page, 'standing-direct-debit-billing');
    // RR16EVO has a cancellation set: an "ending" badge on its card, no renewal wording, no toggle.
    const ending = of('RR16EVO');
    expect(ending.standing.ending).not.toBeNull();
    await page.goto('/');
    const card = page.getByTestId('policy-card').filter({ hasText: ending.policyNumber });
    expect(await card.getByTestId('standing-badge').textContent()).toMatch(
      /^Ending \d{1,2} [A-Z][a-z]+ 20\d\d$/,
    );
    await shootBoth(page, 'standing-home-cards');
    await openBilling(page, ending.policyId);
    await page.getByTestId('next-payment').waitFor();
    expect(await page.getByTestId('auto-renewal').count()).toBe(0);
    expect(await page.getByText(/Auto-renewal/).count()).toBe(0);
    await shootBoth(page, 'standing-ending-billing');
  });

  it('money paid back (ADR 405): the policy cancelled in cooling-off says its refund is on its way, and by when, on home and on every tab', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, inject('baseUrl'));
    type Back = { amount: number; state: string; reachesBy: string | null } | null;
    const held = (
      await pageApi<(Held & { policyNumber: string; standing: { payingBack: Back } })[]>(
        page,
        'GET',
        '/api/policies',
      )
    ).body;
    // TY22HYB was cancelled in cooling-off eight days ago and its first payment refunded to the card: at most six
    // working days ago, so inside the ten a refund takes.
    const cancelled = held.find((p) => p.currentPolicyVersion.quote.vrn === 'TY22HYB');
    if (!cancelled) throw new Error('the demo policy TY22HYB is missing');
    const back = cancelled.standing.payingBack;
    expect(back).toMatchObject({ state: 'onItsWay', reachesBy: expect.any(String) });
    const amount = `£${((back?.amount ?? 0) / 100).toFixed(2)}`;
    await page.goto('/');
    const card = page.getByTestId('policy-card').filter({ hasText: cancelled.policyNumber });
    expect(await card.getByTestId('standing-badge').textContent()).toBe('Refund on its way');
    await openBilling(page, cancelled.policyId);
    const notice = page.getByTestId('standing-paying-back');
    await notice.waitFor();
    expect(await page.getByText(`We are paying ${amount} back to you`).count()).toBe(1);
    expect(await notice.textContent()).toMatch(
      /^It goes back to the card you paid with, and should reach you by \d{1,2} [A-Z][a-z]+ 20\d\d\. You do not need to do anything\.$/,
    );
    expect(await axeViolations(page, 'refund on its way')).toEqual([]);
    await shootBoth(page, 'standing-paying-back-billing');
    // The other tabs say the same.
    await page
      .getByRole('navigation', { name: 'Policy sections' })
      .getByRole('link', { name: 'Claims' })
      .click();
    await page.waitForURL(/\/claims$/);
    expect(await page.getByText(`We are paying ${amount} back to you`).count()).toBe(1);
  });

  it('a lapsed year of monthly cover lists all its statements, in date order, each with its amount (issue 28 defect 10), and the final statement that closed its account (ADR 393)', async () => {
    const page = await browser.newPage();
    await signInAsDemo(page, inject('baseUrl'));
    await openBilling(page, await demoPolicy(page, 'LH19EZR'));
    const latest = await statementRows(page, 'latest-statement');
    const previous = await statementRows(page, 'previous-statements');
    const all = [...latest, ...previous];
    expect(all.map(([title]) => title)).toEqual(Array.from({ length: 13 }, (_, i) => `Statement ${13 - i}`));
    for (const [title, day, amount, status] of all) {
      expect(day).toMatch(DAY);
      // The final statement credits the higher excess staff set after the twelfth, settled (nothing was paid on
      // it, so not "Paid"); the twelve bill a month each, paid.
      const final = title === 'Statement 13';
      expect(status).toBe(final ? 'Settled' : 'Paid');
      expect(amount).toMatch(final ? /^£\d+\.\d\d credit$/ : /^£[\d,]+\.\d\d$/);
    }
    expect(await page.getByTestId('latest-statement').textContent()).toMatch(/^Nothing to pay/);
    expect(inDateOrder(all.map(([, day]) => day ?? ''))).toBe(true);
    // Nothing is owed on a policy that has ended with its credit paid back.
    expect(await page.getByText(/^Outstanding balance: /).count()).toBe(0);
    await shootBoth(page, 'billing-lapsed-year');
    // The final statement: the change's credit, and the refund of it to the card, which leave nothing.
    await page.getByTestId('latest-statement').getByRole('button', { name: 'Statement 13' }).click();
    const dialog = page.getByRole('dialog', { name: 'Statement 13' });
    await dialog.getByTestId('statement-detail').waitFor();
    const lines = await dialog
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
    expect(lines.map(([item]) => item?.split(' includes')[0])).toEqual(['Credit note', 'Refund']);
    const credit = all[0]?.[2]?.replace(' credit', '');
    expect(lines[0]?.[2]).toBe(`-${credit}`);
    expect(lines[1]?.[2]).toBe(credit);
    // Its figures add up: nothing brought forward, and the credit and its refund leave nothing.
    const facts = await dialog
      .locator('dl dd')
      .allTextContents()
      .then((dd) => dd.map((d) => d.trim()));
    expect(facts).toEqual(['£0.00', '£0.00', '£0.00', '£0.00']);
    await shootBoth(page, 'billing-lapsed-final-statement');
  });

  it('staff acting for the customer: no payment-day action with allowModifyBillingDay off, and the API refuses', async () => {
    const admin = await browser.newPage({ allowConsoleErrors: [/status of 403/] });
    await adminForDemo(admin, inject('baseUrl'));
    const impersonating = { 'x-impersonate': DEMO_PARTY };
    const policyId = await demoPolicy(admin, 'VW19GLF', impersonating);
    await openBilling(admin, policyId, '/admin');
    await admin.getByTestId('payment-day').waitFor();
    const before = await admin.getByTestId('payment-day').textContent();
    expect(await admin.getByRole('button', { name: 'Change payment day' }).count()).toBe(0);
    await shootBoth(admin, 'billing-staff-default-brand');
    const current = Number(/Day (\d+)/.exec(before ?? '')?.[1]);
    const other = current === 28 ? 1 : current + 1;
    const refused = await pageApi<{ message?: string }>(
      admin,
      'POST',
      `/api/policies/${policyId}/billingDay`,
      { billingDay: other },
      impersonating,
    );
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('cannot be changed for this brand');
    await admin.reload();
    await admin.getByTestId('payment-day').waitFor();
    expect(await admin.getByTestId('payment-day').textContent()).toBe(before);
  });
});

describe('the second brand (BRAND=motorhub, allowModifyBillingDay on): settling arrears, the payment day', () => {
  let motorhub: RunningServer;
  beforeAll(async () => {
    motorhub = await startServer({ env: { BRAND: 'motorhub', SIGN_IN_CODES_PER_ADDRESS: '100' } });
  }, 320_000);
  afterAll(() => motorhub?.stop());

  it('Pay now confirms the amount; a declined card says so; paid: "payment received", keep the new card; it is gone', async () => {
    const page = await browser.newPage({ baseUrl: motorhub.baseUrl });
    await signInAsDemo(page, motorhub.baseUrl);
    await openBilling(page, await demoPolicy(page, 'BM70SER'));
    const notice = page.getByText(/^Outstanding balance: £[\d,]+\.\d\d$/);
    await notice.waitFor();
    const owed = /£[\d,]+\.\d\d/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    expect(await page.getByTestId('latest-statement').textContent()).toContain(`${owed} to pay`);
    expect(await page.getByTestId('latest-statement').textContent()).toContain('Failed');
    const before = (await page.getByTestId('payment-method').textContent()) ?? '';
    await shootBoth(page, 'billing-outstanding');
    // Issue 28 defect 2 / 7 (ADR 353): Pay now asks first, with what the server will charge.
    const confirmPay = async () => {
      await page.getByTestId('pay-outstanding').click();
      const dialog = page.getByRole('dialog', { name: 'Pay your outstanding balance' });
      await dialog.locator('[data-fact="amount"]').waitFor();
      expect(await dialog.locator('[data-fact="amount"]').textContent()).toBe(owed);
      return dialog;
    };
    let dialog = await confirmPay();
    await shootBoth(page, 'billing-pay-confirm');
    await dialog.getByRole('button', { name: `Continue to pay ${owed}` }).click();
    await page.waitForURL(/\/sandbox\/card\/checkout\//);
    expect(await page.getByRole('button', { name: /^Pay / }).textContent()).toContain(owed);
    await payOnHostedPage(page, '4000 0000 0000 0002');
    await page.waitForURL(/\/billing/);
    const result = page.getByTestId('settle-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Your payment did not go through');
    expect(await result.textContent()).toContain(
      'Your bank declined the payment (card_declined), so nothing has been taken',
    );
    expect(await result.textContent()).toContain('(card_declined)');
    expect(await page.getByText(/^Outstanding balance: £/).textContent()).toContain(owed);
    expect(await page.getByTestId('payment-method').textContent()).toBe(before);
    await shootBoth(page, 'billing-pay-declined');

    dialog = await confirmPay();
    await dialog.getByRole('button', { name: `Continue to pay ${owed}` }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/billing/);
    await result.filter({ hasText: 'Payment received' }).waitFor();
    expect(await result.textContent()).toContain(`Payment received: ${owed}`);
    const keep = page.getByTestId('keep-card');
    expect(await keep.textContent()).toContain('Use VISA •••• 4242 for your future payments?');
    // The failing card stays on file until the customer says yes.
    expect(await page.getByTestId('payment-method').textContent()).toBe(before);
    await page.waitForURL((url) => !url.search.includes('cardPayment'));
    await shootBoth(page, 'billing-pay-received');
    await keep.getByRole('button', { name: 'Yes, use this card' }).click();
    await page.getByTestId('card-kept').waitFor();
    await page.getByTestId('payment-method').filter({ hasText: '4242' }).waitFor();
    await page.getByText('Nothing outstanding').waitFor();
    expect(await page.getByText(/^Outstanding balance: /).count()).toBe(0);
    expect(await page.getByTestId('pay-outstanding').count()).toBe(0);
    expect(await page.getByTestId('latest-statement').textContent()).toContain('Paid in full');
    await shootBoth(page, 'billing-outstanding-paid');
    // A reload says nothing again: the session left the address.
    await page.reload();
    await page.getByRole('complementary', { name: 'Payment settings' }).waitFor();
    expect(await page.getByTestId('settle-result').count()).toBe(0);
  });

  it('"Opt back in" on the lapsed policy (LH19EZR) confirms the price, the start and the card, then says what was paid', async () => {
    const page = await browser.newPage({ baseUrl: motorhub.baseUrl });
    await page.goto('/sign-in');
    await signInAtIdp(page, 'demo@forecourt.example', motorhub.baseUrl);
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
    const banner = page
      .locator('[data-banner="renewal-lapsed"]')
      .filter({ hasText: /ended on/ })
      .first();
    await banner.waitFor();
    const before = (await pageApi<Held[]>(page, 'GET', '/api/policies')).body.length;
    await banner.getByRole('button', { name: 'Opt back in' }).click();
    const dialog = page.getByRole('dialog', { name: /^Renew policy / });
    await dialog.locator('[data-fact="due-today"]').waitFor();
    const due = (await dialog.locator('[data-fact="due-today"]').textContent()) ?? '';
    expect(due).toMatch(POUNDS);
    expect(await dialog.locator('[data-fact="cover"]').textContent()).toMatch(
      /^From \d\d:\d\d on \d{1,2} [A-Z][a-z]+ 20\d\d \(when you confirm\) to \d{1,2} [A-Z][a-z]+ 20\d\d$/,
    );
    const card = (await dialog.locator('[data-fact="card"]').textContent()) ?? '';
    expect(card).toMatch(/•••• \d{4}/);
    await shootBoth(page, 'home-take-up-confirm');
    // Nothing was made by opening it.
    expect((await pageApi<Held[]>(page, 'GET', '/api/policies')).body.length).toBe(before);
    await dialog.getByRole('button', { name: `Pay ${due} and renew` }).click();
    const done = dialog.getByTestId('payment-done');
    await done.waitFor();
    expect(await done.textContent()).toContain(`Payment received: ${due} from ${card}.`);
    await shootBoth(page, 'home-take-up-done');
    expect((await pageApi<Held[]>(page, 'GET', '/api/policies')).body.length).toBe(before + 1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('staff change the payment day: the day and the next-payment estimate follow', async () => {
    const admin = await browser.newPage({ baseUrl: motorhub.baseUrl });
    await adminForDemo(admin, motorhub.baseUrl);
    await openBilling(admin, await demoPolicy(admin, 'VW19GLF', { 'x-impersonate': DEMO_PARTY }), '/admin');
    await admin.getByTestId('next-payment').waitFor();
    const before = await nextPayment(admin);
    const current = Number(
      /Day (\d+)/.exec((await admin.getByTestId('payment-day').textContent()) ?? '')?.[1],
    );
    expect(before.day).toBe(current);
    await admin.getByRole('button', { name: 'Change payment day' }).click();
    const modal = admin.getByRole('dialog', { name: 'Change payment day' });
    const confirm = modal.getByRole('button', { name: 'Confirm' });
    const day = modal.getByRole('combobox', { name: 'New payment day' });
    expect(await confirm.isDisabled()).toBe(true);
    await day.selectOption('29');
    await modal.getByText('Choose a day from the 1st to the 28th.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await day.selectOption(String(current));
    expect(await confirm.isDisabled()).toBe(true);
    const chosen = current >= 27 ? 3 : current + 2;
    await day.selectOption(String(chosen));
    expect(await confirm.isDisabled()).toBe(false);
    await shootBoth(admin, 'billing-payment-day-modal');
    await confirm.click();
    await modal.waitFor({ state: 'detached' });
    await admin.getByText(`Day ${chosen} of each month`).waitFor();
    await admin.getByTestId('next-payment').filter({ hasNotText: before.text }).waitFor();
    const after = await nextPayment(admin);
    expect(after.day).toBe(chosen);
    await shootBoth(admin, 'billing-payment-day-changed');
  });
});
