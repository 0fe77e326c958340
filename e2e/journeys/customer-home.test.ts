import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootBoth as shootPage, useBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { pageApi, signInAtIdp } from './checkout-steps.ts';

const browser = useBrowser();
/**
 * A fresh server of this journey's own, seeded on start like `npm start`: the shared one's demo customer
 * has other journeys' changes and sign-in codes (5 per address per 15 minutes) spent by them.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());
const open = (width = 1280) => browser.newPage({ width, baseUrl: server.baseUrl });
const DEMO_EMAIL = 'demo@forecourt.example';
const DEMO_PARTY = '00000000-0000-4000-8000-00000000d001';

interface HeldPolicy {
  policyId: string;
  renewalProposal: string | null;
  inRenewalWindow?: boolean;
  policyDetail: { policyStatus: string };
}
interface HeldProposal {
  status: string;
  sourcePolicy?: unknown;
}
/** Spec 2 §2: a policy card's links by status, and a policy page's tabs by status. */
const LINKS = {
  ACTIVE: ['Manage policy', 'Documents', 'Billing', 'Claims'],
  PENDING: ['Manage policy', 'Documents', 'Billing', 'Claims'],
  CANCELLED: ['Billing', 'Claims'],
  LAPSED: ['Billing', 'Claims'],
  VOIDED: ['Billing'],
  NTU: ['Billing'],
  RENEWED: [],
};
const TABS = {
  ACTIVE: ['Policy details', 'Documents', 'Billing', 'Claims'],
  PENDING: ['Policy details', 'Documents', 'Billing', 'Claims'],
  CANCELLED: ['Billing', 'Claims'],
  LAPSED: ['Billing', 'Claims'],
  VOIDED: ['Billing'],
  NTU: ['Billing'],
};
const QUOTE_ACTION: Record<string, string> = {
  QUOTE: 'View',
  QUOTE_EXPIRED: 'Update',
  REFERRAL: 'Resume',
  INSUFFICIENT_ACCURACY: 'Resume',
};

/** The demo customer has a policy in arrears: home asks once a session to pay; the customer says later. */
async function dismissPaymentReminder(page: Page) {
  const reminder = page.getByRole('dialog', { name: 'You have a payment to make' });
  await reminder.waitFor();
  await reminder.getByRole('button', { name: 'Later' }).click();
  await reminder.waitFor({ state: 'detached' });
}

/** screenshots/customer-home-<name>-{1280,375}.png: the page at 1280, then at 375, then back. */
const shootBoth = (page: Page, name: string) => shootPage(page, `customer-home-${name}`);

/** The policy cards' statuses and link texts, in the order shown. */
const policyCards = (page: Page) =>
  page.getByTestId('policy-card').evaluateAll((cards) =>
    cards.map((c) => ({
      status: (c as HTMLElement).dataset.status,
      links: [...c.querySelectorAll('a')].map((a) => `${a.textContent} ${a.getAttribute('href')}`),
    })),
  );
const proposalCards = (page: Page) =>
  page.getByTestId('proposal-card').evaluateAll((cards) =>
    cards.map((c) => ({
      status: (c as HTMLElement).dataset.status,
      action: [...c.querySelectorAll('a')].map((a) => a.textContent).join(','),
    })),
  );

/** Yesterday in London as the values of the FNOL form's selects (day, month number, year). */
function yesterday() {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).formatToParts(new Date(Date.now() - 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // The picker's options are unpadded ('1', not the '01' Intl may give for the 1st to the 9th).
  return { day: String(Number(part('day'))), month: String(Number(part('month'))), year: part('year') };
}

describe('the demo customer’s home, policy pages and claims (issue 11)', () => {
  it('home lists every seeded policy and quote; each policy page; a certificate; a claim; a quote deleted', async () => {
    const page = await open();
    await page.goto('/sign-in');
    await signInAtIdp(page, DEMO_EMAIL, server.baseUrl);
    await page.waitForURL((url) => url.pathname === '/');

    await dismissPaymentReminder(page);
    // What the API holds for the demo customer (seeded by the real operations): home must show all of it.
    const held = (await pageApi<HeldPolicy[]>(page, 'GET', '/api/policies')).body;
    const heldQuotes = (await pageApi<{ items: HeldProposal[] }>(page, 'GET', '/api/proposals')).body.items
      // Renewal proposals are shown by the renewal banners, bound ones as policies.
      .filter((q) => !q.sourcePolicy && q.status !== 'POLICY');
    expect(new Set(held.map((p) => p.policyDetail.policyStatus))).toEqual(
      new Set(['ACTIVE', 'PENDING', 'CANCELLED', 'LAPSED', 'RENEWED', 'VOIDED', 'NTU']),
    );
    await page.getByRole('tab', { name: `Policies (${held.length})` }).waitFor();
    await page.getByRole('tab', { name: `Quotes (${heldQuotes.length})` }).waitFor();
    const policies = await policyCards(page);
    expect(policies.map((p) => p.status).sort()).toEqual(held.map((p) => p.policyDetail.policyStatus).sort());
    for (const card of policies) {
      const root = /\/car-insurance\/policy\/([0-9a-f-]{36})/.exec(card.links[0] ?? '');
      const links = (LINKS[card.status as keyof typeof LINKS] ?? []).filter(
        // Manage is hidden while a renewal is under way (spec 2 §2).
        (l) => !(l === 'Manage policy' && held.find((h) => h.policyId === root?.[1])?.renewalProposal),
      );
      expect(card.links.map((l) => l.split(' /')[0])).toEqual(links);
      if (root) expect(held.map((h) => h.policyId)).toContain(root[1]);
    }
    await shootBoth(page, 'home-policies');
    await page.getByRole('tab', { name: `Quotes (${heldQuotes.length})` }).click();
    const quotes = await proposalCards(page);
    expect(quotes.map((q) => `${q.status}:${q.action}`).sort()).toEqual(
      heldQuotes.map((q) => `${q.status}:${QUOTE_ACTION[q.status]}`).sort(),
    );
    expect(new Set(quotes.map((q) => q.status))).toEqual(
      new Set(['QUOTE', 'QUOTE_EXPIRED', 'REFERRAL', 'INSUFFICIENT_ACCURACY']),
    );
    await shootBoth(page, 'home-quotes');

    // Each policy's page shows exactly the tabs its status allows; a RENEWED one goes home.
    for (const h of held) {
      await page.goto(`/car-insurance/policy/${h.policyId}`);
      if (h.policyDetail.policyStatus === 'RENEWED') {
        await page.waitForURL((url) => url.pathname === '/');
        continue;
      }
      const tabs = page.getByRole('navigation', { name: 'Policy sections' });
      await tabs.waitFor();
      const status = h.policyDetail.policyStatus as keyof typeof TABS;
      const expected =
        status === 'ACTIVE' && h.inRenewalWindow
          ? ['Documents', 'Billing', 'Claims', 'Policy details']
          : TABS[status];
      expect(await tabs.getByRole('link').allTextContents(), status).toEqual(expected);
    }

    // The oldest ACTIVE policy (bought by card five months ago, with the seeded claims): every tab.
    const byCard = await (async () => {
      for (const p of policies.filter((c) => c.status === 'ACTIVE')) {
        const r = /\/car-insurance\/policy\/[0-9a-f-]{36}/.exec(p.links[0]!)![0];
        await page.goto(`${r}/claims`);
        await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
        await page
          .getByText(/Reference CLM-|You have not made a claim/)
          .first()
          .waitFor();
        if ((await page.getByText(/Reference CLM-/).count()) > 0) return r;
      }
      throw new Error('No policy with the seeded claims');
    })();
    await page.goto(byCard);
    await page.getByText(/Includes Insurance Premium Tax of £/).waitFor();
    await shootBoth(page, 'policy-details');
    const tabs = page.getByRole('navigation', { name: 'Policy sections' });
    await tabs.getByRole('link', { name: 'Documents' }).click();
    const certificate = page.getByRole('button', { name: 'Certificate of motor insurance' }).first();
    await certificate.waitFor();
    await shootBoth(page, 'policy-documents');
    const [popup] = await Promise.all([page.waitForEvent('popup'), certificate.click()]);
    await popup.waitForURL((url) => url.pathname !== 'blank' && url.href !== 'about:blank');
    const pdf = await page.request.get(popup.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.close();

    await tabs.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Next payment' }).waitFor();
    await shootBoth(page, 'policy-billing');

    await tabs.getByRole('link', { name: 'Claims' }).click();
    await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
    await page
      .getByText(/Reference CLM-/)
      .first()
      .waitFor();
    const before = await page.getByText(/Reference CLM-/).count();
    expect(before).toBe(2);
    await shootBoth(page, 'claims-list');
    await page.getByRole('button', { name: 'Report a claim online' }).click();
    const form = page.getByRole('form', { name: 'Report a claim' });
    await form.waitFor();
    await form.getByLabel('What happened?').selectOption('Vandalism');
    const when = yesterday();
    await form.getByLabel('Day').selectOption(when.day);
    await form.getByLabel('Month').selectOption(when.month);
    await form.getByLabel('Year').selectOption(when.year);
    await form.getByLabel('Hour').selectOption({ label: '22' });
    await form.getByLabel('Minute').selectOption({ label: '15' });
    await form.getByLabel('Where did it happen?').fill('Outside 12 Park Row, Leeds');
    await form.getByLabel('Tell us what happened').fill('Someone scratched the driver’s door overnight.');
    await form
      .getByRole('group', { name: /Was anyone hurt/ })
      .getByLabel('No')
      .check();
    await shootBoth(page, 'fnol-form');
    await form.getByRole('button', { name: 'Send my claim' }).click();
    const done = page.getByText(/We have your claim\. Your reference is (CLM-[0-9A-Z-]+)/);
    await done.waitFor();
    const reference = /CLM-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await done.textContent()) ?? '')?.[0];
    expect(reference).toBeTruthy();
    await page.getByText(`Reference ${reference}`).waitFor();
    expect(await page.getByText(/Reference CLM-/).count()).toBe(3);
    await shootBoth(page, 'claims-after-fnol');

    // A quote is deleted from its manage menu: confirm, then gone.
    await page.goto('/');
    await page.getByRole('tab', { name: `Quotes (${heldQuotes.length})` }).click();
    const expired = page.locator('[data-testid="proposal-card"][data-status="QUOTE_EXPIRED"]');
    await expired
      .first()
      .getByRole('button', { name: /^Manage quote/ })
      .click();
    await page.getByRole('menuitem', { name: 'Delete quote' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this quote?' });
    await confirm.waitFor();
    await shootBoth(page, 'delete-quote-confirm');
    await confirm.getByRole('button', { name: 'Delete quote' }).click();
    await page.getByRole('tab', { name: `Quotes (${heldQuotes.length - 1})` }).waitFor();
    expect(await expired.count()).toBe(heldQuotes.filter((q) => q.status === 'QUOTE_EXPIRED').length - 1);

    // The feedback modal, as a cancellation leaves it asked for (lib/feedback.ts requestFeedback).
    await page.evaluate(() =>
      sessionStorage.setItem('forecourt.feedback', JSON.stringify({ kind: 'cancellation', tags: {} })),
    );
    await page.goto('/');
    const feedback = page.getByRole('dialog', { name: 'How was cancelling your policy?' });
    await feedback.waitFor();
    await feedback.getByRole('radio', { name: '9' }).check();
    await shootBoth(page, 'feedback-modal');
    await feedback.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByTestId('feedback-thanks').waitFor();
    await page.close();

    // The admin impersonates the demo customer and sees the same home.
    const admin = await open();
    await admin.goto('/admin');
    await admin.getByTestId('admin-sign-in').click();
    await signInAtIdp(admin, 'admin@forecourt.example', server.baseUrl);
    await admin.getByTestId('impersonate-submit').waitFor();
    await admin.getByLabel('Customer id').fill(DEMO_PARTY);
    await admin.getByTestId('impersonate-submit').click();
    await admin.getByTestId('admin-bar').waitFor();
    await dismissPaymentReminder(admin);
    await admin.getByRole('tab', { name: `Policies (${held.length})` }).waitFor();
    await admin.getByRole('tab', { name: `Quotes (${heldQuotes.length - 1})` }).waitFor();
    expect((await policyCards(admin)).map((p) => p.status)).toEqual(policies.map((p) => p.status));
    await shootBoth(admin, 'admin-impersonating-home');
    // The demo admin is in the finance team: the policy page has the impersonate-billing tab.
    await admin.getByTestId('policy-card').getByRole('link', { name: 'Manage policy' }).first().click();
    const adminTabs = admin.getByRole('navigation', { name: 'Policy sections' });
    await adminTabs.getByRole('link', { name: 'Finance' }).click();
    await admin.getByTestId('finance-tab').waitFor();
    await admin.getByText('Ledger balance').waitFor();
    await shootBoth(admin, 'admin-finance-tab');
  }, 240_000);
});
