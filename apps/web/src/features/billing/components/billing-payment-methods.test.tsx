import type { CustomerAccount } from '@forecourt/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount, samplePolicy, sampleStanding } from '../../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { testConfig } from '../../../ui/test-utils.tsx';
import { browser } from '../api/billing.ts';
import '../texts.ts';
import { BillingTab } from './billing-tab.tsx';

/** The billing tab's payment-method actions and notices (ADR 310, 313). */
const tab = '/car-insurance/policy/P1/billing';
let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  go.mockRestore();
});

function setup(account: CustomerAccount, url = tab, admin = false, policy = samplePolicy()) {
  const calls = mockFetch((method, path) => {
    if (path.startsWith('/customerAccounts?')) return reply(endpoints.listCustomerAccounts, [account]);
    if (path === '/customerAccounts/A1/nextStatementEstimate')
      return reply(endpoints.nextStatementEstimate, {
        paymentDueAt: '2026-12-21T00:00:00.000Z',
        amount: 4_500,
      });
    if (path === '/customerAccounts/A1/statements') return reply(endpoints.listStatements, []);
    if (method === 'POST' && path === '/stripe/setup')
      return reply(endpoints.createCardSetup, { sessionId: 'cs_1', url: 'https://pay.example/cs_1' });
    if (method === 'POST' && path === '/gocardless/flows')
      return reply(endpoints.createRedirectFlow, {
        redirectFlowId: 'RE1',
        redirectUrl: 'https://bank.example/RE1',
      });
    if (path === '/stripe/sessions/cs_9')
      return reply(endpoints.getCardSession, {
        sessionId: 'cs_9',
        kind: 'setup',
        status: 'failed',
        declineCode: 'card_declined',
        paymentId: null,
        clientReference: 'A1',
      });
    if (path === '/stripe/sessions/cs_8')
      return reply(endpoints.getCardSession, {
        sessionId: 'cs_8',
        kind: 'setup',
        status: 'complete',
        declineCode: null,
        paymentId: null,
        clientReference: 'A1',
      });
    return undefined;
  });
  const config = admin ? { features: { ...testConfig.features, isAdmin: true } } : {};
  const router = renderRoute(
    '/car-insurance/policy/:policyId/billing',
    <BillingTab policy={policy} />,
    url,
    config,
  );
  return { calls, router };
}

const card = (patch: Partial<CustomerAccount> = {}) =>
  sampleAccount({
    paymentMethodUsable: true,
    paymentMethodNeeded: true,
    paymentMethod: { display: 'VISA •••• 4242', mandateStatus: null },
    ...patch,
  });

describe('billing tab: change card and Direct Debit', () => {
  it('change card opens a set-up page for the account, returning to this tab', async () => {
    const { calls } = setup(card());
    await userEvent.click(await screen.findByRole('button', { name: 'Change card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.find((c) => c.path === '/stripe/setup')?.body).toEqual({
      clientReference: 'A1',
      successUrl: `${window.location.origin}${tab}?cardSetup={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${window.location.origin}${tab}`,
    });
  });

  it('pay by Direct Debit starts a redirect flow for the account that returns home', async () => {
    const { calls } = setup(card());
    await userEvent.click(await screen.findByRole('button', { name: 'Pay by Direct Debit' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/RE1'));
    expect(calls.find((c) => c.path === '/gocardless/flows')?.body).toEqual({
      clientReference: 'A1',
      mandateDescription: 'Car insurance payments, policy FCM10000001',
      successUrl: `${window.location.origin}/`,
    });
  });

  it('a Direct Debit account: change it or pay by card; a new mandate waiting for the bank is shown', async () => {
    setup(
      sampleAccount({
        paymentMethodType: 'BACS_DEBIT',
        paymentMethodUsable: true,
        paymentMethodNeeded: true,
        paymentMethod: { display: 'Direct Debit BARCLAYS ••11', mandateStatus: 'ACTIVE' },
        pendingPaymentMethod: {
          display: 'Direct Debit HSBC ••22',
          mandateStatus: 'PENDING_CUSTOMER_APPROVAL',
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Change Direct Debit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay by card instead' })).toBeVisible();
    expect(screen.getByTestId('new-mandate-status')).toHaveTextContent('Waiting for your bank to approve it');
    expect(screen.getByTestId('mandate-status')).toHaveTextContent('Active');
  });

  it('missing mandate: the notice sets up a new Direct Debit', async () => {
    const container = document.body;
    setup(
      sampleAccount({
        paymentMethodType: 'BACS_DEBIT',
        paymentMethodUsable: false,
        paymentMethodNeeded: true,
        paymentMethod: { display: 'Direct Debit BARCLAYS ••11', mandateStatus: 'CANCELLED' },
      }),
    );
    const notice = await waitFor(() => {
      const n = container.querySelector<HTMLElement>('[data-notice="missing-mandate"]');
      expect(n).not.toBeNull();
      return n as HTMLElement;
    });
    expect(notice).toHaveTextContent('Set up a new Direct Debit');
    await userEvent.click(within(notice).getByRole('button', { name: 'Set up Direct Debit' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://bank.example/RE1'));
  });

  it('missing card: the notice adds a card', async () => {
    setup(card({ paymentMethodUsable: false, paymentMethod: null }));
    const add = await screen.findByRole('button', { name: 'Add a card' });
    expect(screen.getByText('Add a card for your payments')).toBeVisible();
    await userEvent.click(add);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_1'));
  });

  it('a lapsed policy whose renewal is open (ADR 400): the notice says the card pays the renewal, not the cover', async () => {
    const lapsed = samplePolicy({
      policyDetail: { policyStatus: 'LAPSED' },
      standing: sampleStanding({
        headline: 'lapsed',
        facts: ['lapsed'],
        renewal: null,
        ended: { status: 'LAPSED', endedAt: '2027-11-01T00:00:00.000Z', neverStarted: false },
      }),
    });
    setup(card({ paymentMethodUsable: false, paymentMethod: null }), tab, false, lapsed);
    await screen.findByRole('button', { name: 'Add a card' });
    expect(screen.getByText(/This policy has ended\. To take up its renewal, add a card/)).toBeVisible();
    expect(screen.queryByText(/so your cover continues/)).toBeNull();
  });

  it('paid in full or ended (spec 1 §4): no notice and no actions', async () => {
    setup(card({ paymentMethodUsable: false, paymentMethodNeeded: false }));
    await screen.findByTestId('payment-method');
    expect(screen.queryByText('Add a card for your payments')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change card' })).toBeNull();
  });

  it('staff see no change-card actions (they take payments by phone)', async () => {
    setup(card(), tab, true);
    await screen.findByTestId('payment-method');
    expect(screen.queryByRole('button', { name: 'Change card' })).toBeNull();
  });

  it('back from the card page: saved, or declined with its code; the parameter leaves the address', async () => {
    const { router } = setup(card(), `${tab}?cardSetup=cs_8`);
    expect(await screen.findByTestId('card-setup-result')).toHaveTextContent('Your new card is saved');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('back from the card page with a declined card', async () => {
    setup(card(), `${tab}?cardSetup=cs_9`);
    expect(await screen.findByTestId('card-setup-result')).toHaveTextContent(
      'Your card was not saved (card_declined)',
    );
  });
});
