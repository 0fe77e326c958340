import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import {
  certificatePdf,
  configurationToCheckout,
  pageApi,
  payOnHostedPage,
  pricedQuote,
  shot,
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
      await page.locator('[data-page="checkout-success"]').waitFor({ timeout: 30_000 });
      await shot(page, 'checkout-success');
      const proposal = await pageApi<ProposalRead>(page, 'GET', `/api/proposals/${code}`);
      expect(proposal.body.status).toBe('POLICY');
      expect(proposal.body.policyNumber).toMatch(/^FCM\d{8}$/);
      const [policy] = (
        await pageApi<{ policyId: string; policyNumber: string }[]>(page, 'GET', '/api/policies')
      ).body;
      expect(policy?.policyNumber).toBe(proposal.body.policyNumber);
      const pdf = await certificatePdf(page, String(policy?.policyId));
      expect(pdf).toMatch(/^application\/pdf %PDF- \d{4,}$/);
    }
  });

  it('a declined card (4000 0000 0000 0002) shows the failure page and makes no policy', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.newPage({ width });
      const code = await pricedQuote(page);
      await configurationToCheckout(page, code);
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4000 0000 0000 0002');
      await page.locator('[data-page="payment-result-error"]').waitFor({ timeout: 30_000 });
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
      await page.locator('[data-page="checkout-direct-debit"] [data-testid="mandate"]').waitFor();
      await shot(page, 'checkout-direct-debit-mandate');
      // Something is due today (the first month): paid by card, later months by Direct Debit (spec 3 §4 step 9).
      await page.getByRole('button', { name: /^Pay / }).click();
      await payOnHostedPage(page, '4242424242424242');
      await page.locator('[data-page="checkout-success"]').waitFor({ timeout: 30_000 });
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

  it.todo('an admin binds a customer quote by card token');
});
