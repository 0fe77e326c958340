import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  certificatePdf,
  configurationToCheckout,
  pageApi,
  payOnHostedPage,
  pricedQuote,
  shot,
  signInAtIdp,
} from './checkout-steps.ts';

const browser = useBrowser();

interface ProposalRead {
  status: string;
  policyId?: string | null;
  policyNumber?: string | null;
}

describe('checkout journeys (issue 5)', () => {
  it('a newcomer buys by card (4242), lands on the success page and opens the certificate PDF', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page);
      await configurationToCheckout(page, code, width === 1280);
      await page.locator('[data-page="checkout-card"]').waitFor();
      await shot(page, 'checkout-card');
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4242 4242 4242 4242', true);
      await page.locator('[data-page="checkout-success"]').waitFor();
      await shot(page, 'checkout-success');
      const proposal = await pageApi<ProposalRead>(page, 'GET', `/api/proposals/${code}`);
      expect(proposal.body.status).toBe('POLICY');
      expect(proposal.body.policyNumber).toMatch(/^FCM\d{13}$/);
      const [policy] = (
        await pageApi<{ policyId: string; policyNumber: string }[]>(page, 'GET', '/api/policies')
      ).body;
      expect(policy?.policyNumber).toBe(proposal.body.policyNumber);
      const pdf = await certificatePdf(page, String(policy?.policyId));
      expect(pdf).toMatch(/^application\/pdf %PDF- \d{4,}$/);
      // The confirmation e-mail goes once the documents exist (it carries them): sent, in the outbox.
      // Account set-up signed the buyer in (ADR 120): the page's token is the customer's now.
      const email = (await pageApi<{ email: string }>(page, 'GET', '/api/policyholder')).body.email;
      const outbox = await page.context().newPage();
      let status = '';
      for (let i = 0; i < 30 && status !== 'sent'; i++) {
        await outbox.goto('/dev/outbox');
        const row = outbox.locator(`tr[data-recipient="${email}"]`).filter({ hasText: 'are attached' });
        status = (await row.count()) ? ((await row.locator('td').last().textContent()) ?? '') : '';
        if (status !== 'sent') await outbox.waitForTimeout(1000);
      }
      expect(status).toBe('sent');
      await outbox.close();
    }
  });

  it('a declined card (4000 0000 0000 0002) shows the failure page and makes no policy', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page);
      await configurationToCheckout(page, code);
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4000 0000 0000 0002');
      await page.locator('[data-page="payment-result-error"]').waitFor();
      await expect(page.locator('[data-page="payment-result-error"]').textContent()).resolves.toContain(
        'card_declined',
      );
      await shot(page, 'payment-result-error');
      const proposal = await pageApi<ProposalRead>(page, 'GET', `/api/proposals/${code}`);
      expect(proposal.body.status).toBe('QUOTE');
      expect((await pageApi<unknown[]>(page, 'GET', '/api/policies')).body).toEqual([]);
    }
  });

  it('a Direct Debit purchase sets up a mandate that becomes active, and makes the policy', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page);
      await configurationToCheckout(page, code);
      await page.getByTestId('method-dd').click();
      await page.locator('[data-page="checkout-direct-debit"]').waitFor();
      await shot(page, 'checkout-direct-debit');
      await page.getByRole('button', { name: /Direct Debit/ }).click();
      await page.waitForURL(/\/sandbox\/gocardless\/flows\//);
      await page.locator('#accountHolder').fill('Sam Taylor');
      await page.locator('#sortCode').fill('20-00-00');
      await page.locator('#accountNumber').fill('55779911');
      await shot(page, 'hosted-direct-debit-page');
      await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
      // Back from the bank's page, the mandate is confirmed through the API: on a busy CI machine this has taken
      // over 30 s (two clean runs of five timed out here; alone it passes in a few seconds).
      await page
        .locator('[data-page="checkout-direct-debit"] [data-testid="mandate"]')
        .waitFor({ timeout: 60_000 });
      await shot(page, 'checkout-direct-debit-mandate');
      // Something is due today (the first month): paid by card, later months by Direct Debit (spec 3 §4 step 9);
      // the customer is told so first (spec 3 §2, ADR 319).
      await page.getByRole('button', { name: /^Pay / }).click();
      const cardFirst = page.getByRole('dialog', { name: 'Your first payment is by card' });
      await cardFirst.getByRole('button', { name: 'Continue to card payment' }).click();
      await payOnHostedPage(page, '4242424242424242');
      await page.locator('[data-page="checkout-success"]').waitFor();
      let status = '';
      for (let i = 0; i < 40 && status !== 'ACTIVE'; i++) {
        const mandates = await pageApi<{ status: string }[]>(page, 'GET', '/api/gocardless/mandates');
        status = mandates.body[0]?.status ?? '';
        if (status !== 'ACTIVE') await page.waitForTimeout(500);
      }
      expect(status).toBe('ACTIVE');
      const accounts = await pageApi<{ paymentMethodType: string }[]>(page, 'GET', '/api/customerAccounts');
      expect(accounts.body).toEqual([expect.objectContaining({ paymentMethodType: 'BACS_DEBIT' })]);
      expect((await pageApi<ProposalRead>(page, 'GET', `/api/proposals/${code}`)).body.status).toBe('POLICY');
    }
  });

  it("an admin binds a customer's quote by Direct Debit with the first payment by card token", async () => {
    // The customer: a newcomer who has got as far as the checkout.
    const customer = await browser.newPage();
    const code = await pricedQuote(customer);
    await configurationToCheckout(customer, code);
    // Account set-up signed the customer in (ADR 120): their party is the account's.
    const partyId = (await pageApi<{ partyId: string }>(customer, 'GET', '/api/policyholder')).body.partyId;
    const quote = await pageApi<{
      data: { profiles: { policyholder?: boolean; data: { dateOfBirth: string } }[] };
    }>(customer, 'GET', `/api/proposals/${code}`);
    const dateOfBirth = quote.body.data.profiles.find((x) => x.policyholder)?.data.dateOfBirth ?? '';

    for (const width of [1280, 375]) {
      const admin = await browser.newPage({ width });
      await admin.goto('/admin');
      await admin.getByTestId('admin-sign-in').click();
      await signInAtIdp(admin, 'admin@forecourt.example');
      await admin.getByTestId('impersonate-submit').waitFor();
      await admin.getByLabel('Customer id').fill(partyId);
      await admin.getByTestId('impersonate-submit').click();
      await admin.getByTestId('admin-bar').waitFor();
      if (width === 375) {
        // The first pass bound the quote: the admin now sees the policy's success page.
        await admin.goto(`/admin/car-insurance/proposal/${code}/checkout`);
        await admin.locator('[data-page="checkout-success"]').waitFor();
        await shot(admin, 'admin-checkout-success');
        continue;
      }
      await admin.goto(`/admin/car-insurance/proposal/${code}/checkout`);
      await admin.locator('[data-page="admin-checkout"]').waitFor();
      await admin.getByRole('tab', { name: 'Direct Debit with card' }).click();
      await shot(admin, 'admin-checkout');
      await admin
        .getByRole('button', { name: /Direct Debit/ })
        .first()
        .click();
      await admin.waitForURL(/\/sandbox\/gocardless\/flows\//);
      await admin.locator('#accountHolder').fill('Sam Taylor');
      await admin.locator('#sortCode').fill('200000');
      await admin.locator('#accountNumber').fill('55779911');
      await admin.getByRole('button', { name: 'Set up Direct Debit' }).click();
      await admin.locator('[data-page="admin-checkout"] [data-testid="mandate"]').waitFor();
      await admin.getByRole('tab', { name: 'Direct Debit with card' }).click();

      // The customer reads out their card; the virtual terminal makes a single-use token.
      const terminal = await admin.context().newPage();
      await terminal.goto('/sandbox/card/terminal');
      await terminal.locator('#cardNumber').fill('4242 4242 4242 4242');
      await terminal.getByRole('button', { name: 'Make token' }).click();
      const token = (await terminal.locator('#token').textContent()) ?? '';
      expect(token).toMatch(/^tok_\w{2,}/);
      await terminal.close();

      const form = admin.getByRole('form', { name: 'Card payment by phone' });
      await form.getByLabel('Card token').fill(`  ${token} `);
      await form.getByLabel('Billing postcode').fill('sw1v 7gb');
      const [y, m, d] = dateOfBirth.split('-');
      const boxes = form.locator('fieldset input, [role="group"] input');
      await boxes.nth(0).fill(String(d));
      await boxes.nth(1).fill(String(m));
      await boxes.nth(2).fill(String(y));
      await shot(admin, 'admin-card-token');
      await form.getByRole('button', { name: /^Take payment of / }).click();
      await admin.locator('[data-page="checkout-success"]').waitFor();
      await shot(admin, 'admin-checkout-success');
    }
    const proposal = await pageApi<ProposalRead>(customer, 'GET', `/api/proposals/${code}`);
    expect(proposal.body.status).toBe('POLICY');
    const accounts = await pageApi<{ paymentMethodType: string }[]>(customer, 'GET', '/api/customerAccounts');
    expect(accounts.body).toEqual([expect.objectContaining({ paymentMethodType: 'BACS_DEBIT' })]);
  });
});
