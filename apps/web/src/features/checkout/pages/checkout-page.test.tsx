import type { Proposal } from '@forecourt/contracts/proposals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sampleAccount,
  sampleBind,
  samplePayment,
  sampleProposal,
  sampleQuote,
} from '../../../../test/fixtures.ts';
import { mockFetch, type Route, reply } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { testConfig } from '../../../ui/test-utils.tsx';
import { browser } from '../hooks/use-pay-by-card.ts';
import { CheckoutPage } from './checkout-page.tsx';

const paymentId = '7d0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a10';
/** The Barclays mandate ending 11 that the Direct Debit tests set up. */
const barclaysMandate = (status = 'PENDING_CUSTOMER_APPROVAL') => ({
  mandateId: 'MD1',
  type: 'BACS_DEBIT',
  status,
  bankName: 'Barclays',
  accountNumberEnding: '11',
  createdAt: '',
});
const soon = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  go.mockRestore();
});

function setup(
  url: string,
  opts: {
    proposal?: Partial<Proposal>;
    amount?: number;
    method?: 'CARD' | 'BACS_DEBIT';
    extra?: Route;
    admin?: boolean;
  } = {},
) {
  const proposal = sampleProposal({ startAt: soon(), ...opts.proposal });
  const calls = mockFetch((method, path, body) => {
    const extra = opts.extra?.(method, path, body);
    if (extra) return extra;
    if (method === 'GET' && path === '/proposals/P123') return { body: proposal };
    if (method === 'POST' && path === '/customerPayments/checkout/bind')
      return reply(endpoints.createBindPayment, samplePayment({ paymentId, amount: opts.amount ?? 6000 }));
    if (method === 'GET' && path.startsWith('/customerAccounts'))
      return reply(endpoints.listCustomerAccounts, [
        sampleAccount({ paymentMethodType: opts.method ?? 'CARD' }),
      ]);
    return undefined;
  });
  const config = opts.admin ? { features: { ...testConfig.features, isAdmin: true } } : {};
  const router = renderRoute('/car/proposal/:proposalCode/checkout/*', <CheckoutPage />, url, config);
  return { calls, router };
}

describe('CheckoutPage', () => {
  it('pays the amount due on the hosted card page, returning to the callback or the checkout page', async () => {
    const { calls } = setup('/car/proposal/P123/checkout', {
      extra: (m, p) =>
        m === 'POST' && p === '/stripe/checkout'
          ? { body: { sessionId: 'cs_1', url: 'https://pay.example/cs_1' } }
          : undefined,
    });
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('£60.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay £60.00 by card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_1'));
    const body = calls.find((c) => c.path === '/stripe/checkout')?.body as Record<string, string>;
    expect(body.paymentId).toBe(paymentId);
    expect(body.successUrl).toBe(
      `${window.location.origin}/car/proposal/P123/checkout/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(body.cancelUrl).toBe(`${window.location.origin}/car/proposal/P123/checkout`);
  });

  it('gives a Direct Debit customer the mandate flow, then binds with an idempotency key', async () => {
    let mandates: unknown[] = [];
    const { calls } = setup('/car/proposal/P123/checkout?redirect_flow_id=RE123', {
      method: 'BACS_DEBIT',
      amount: 0,
      extra: (m, p) => {
        if (m === 'GET' && p === '/gocardless/mandates') return { body: mandates };
        if (m === 'POST' && p === '/gocardless/mandates') {
          mandates = [barclaysMandate()];
          return { body: mandates[0] };
        }
        if (m === 'POST' && p === '/proposals/P123/bind') return reply(endpoints.bindProposal, sampleBind());
        return undefined;
      },
    });
    expect(await screen.findByTestId('mandate')).toHaveTextContent('Barclays account ending 11');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/gocardless/mandates')?.body).toEqual({
      redirectFlowId: 'RE123',
    });
    await userEvent.setup().click(screen.getByTestId('dd-bind'));
    await waitFor(() => expect(calls.some((c) => c.path === '/proposals/P123/bind')).toBe(true));
    const bind = calls.find((c) => c.path === '/proposals/P123/bind');
    expect(bind?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the mandate made on return from the bank when the list asked for as the page opened answers after it', async () => {
    // The list was read before the mandate was recorded and answers late (a busy server): it must not win.
    const mandate = barclaysMandate();
    let release = () => {};
    const early = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lists = 0;
    let made = false;
    const { calls } = setup('/car/proposal/P123/checkout?redirect_flow_id=RE123', {
      method: 'BACS_DEBIT',
      amount: 0,
      extra: (m, p) => {
        if (m === 'GET' && p === '/gocardless/mandates') {
          lists++;
          if (lists === 1) return early.then(() => ({ body: [] }));
          return { body: made ? [mandate] : [] };
        }
        if (m === 'POST' && p === '/gocardless/mandates') {
          made = true;
          setTimeout(release, 20);
          return { body: mandate };
        }
        return undefined;
      },
    });
    expect(await screen.findByTestId('mandate')).toHaveTextContent('Barclays account ending 11');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByTestId('mandate')).toHaveTextContent('Barclays account ending 11');
    expect(screen.queryByRole('button', { name: /Set up a Direct Debit/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/gocardless/mandates').length).toBe(2);
  });

  it("gives a returning customer the card page for a new quote, not their other policy's Direct Debit", async () => {
    // The API as the contract says: the proposal's own account (none before bind), or all of the caller's.
    const otherPolicy = sampleAccount({ accountCode: 'FCM10000009', paymentMethodType: 'BACS_DEBIT' });
    const { calls } = setup('/car/proposal/P123/checkout', {
      extra: (m, p) => {
        if (m !== 'GET' || !p.startsWith('/customerAccounts')) return undefined;
        const filter = new URLSearchParams(p.split('?')[1]).get('proposalCode');
        return reply(endpoints.listCustomerAccounts, filter ? [] : [otherPolicy]);
      },
    });
    expect(await screen.findByRole('button', { name: 'Pay £60.00 by card' })).toBeVisible();
    expect(screen.queryByTestId('mandate')).toBeNull();
    expect(calls.find((c) => c.path.startsWith('/customerAccounts'))?.path).toBe(
      '/customerAccounts?proposalCode=P123',
    );
  });

  it('lets a card customer choose Direct Debit instead, returning from the bank page to the same choice', async () => {
    const { calls } = setup('/car/proposal/P123/checkout', {
      extra: (m, p) => {
        if (m === 'GET' && p === '/gocardless/mandates') return { body: [] };
        if (m === 'POST' && p === '/gocardless/flows')
          return { body: { redirectFlowId: 'RE1', redirectUrl: 'https://dd.example/RE1' } };
        return undefined;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('method-dd'));
    const setupButton = await screen.findByRole('button', { name: 'Set up a Direct Debit' });
    // The payment due today by card is said before any bank details are asked for.
    const due = screen.getByTestId('dd-due-today');
    expect(due).toHaveTextContent('Your first payment of £60.00 is due today and is paid by card');
    expect(due.compareDocumentPosition(setupButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/first collection will be in 3 to 5 working days/)).toBeNull();
    await user.click(setupButton);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://dd.example/RE1'));
    const body = calls.find((c) => c.path === '/gocardless/flows')?.body as { successUrl: string };
    expect(new URL(body.successUrl).searchParams.get('method')).toBe('dd');
  });

  it.each([
    ['ANNUAL', 'P1Y'],
    ['DRIVEAWAY', 'P7D'],
  ] as const)(
    '%s (%s), paid in full: card only, no Direct Debit even by ?method=dd (ADR 245)',
    async (product, policyTerm) => {
      setup('/car/proposal/P123/checkout?method=dd', {
        amount: 62520,
        method: 'BACS_DEBIT',
        proposal: { product, policyTerm, monthlyBilling: false },
      });
      expect(await screen.findByRole('button', { name: 'Pay £625.20 by card' })).toBeInTheDocument();
      expect(screen.queryByTestId('method-dd')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Set up a Direct Debit' })).toBeNull();
    },
  );

  it('with nothing due, binds on the saved card, or saves a card first when the server asks for one (402)', async () => {
    let binds = 0;
    const { calls } = setup('/car/proposal/P123/checkout', {
      amount: 0,
      extra: (m, p) => {
        if (m === 'POST' && p === '/proposals/P123/bind') {
          binds++;
          return {
            status: 402,
            body: { code: 'PAYMENT_REQUIRED', message: 'A card or Direct Debit is needed' },
          };
        }
        if (m === 'POST' && p === '/stripe/setup')
          return { body: { sessionId: 'cs_s', url: 'https://pay.example/setup' } };
        return undefined;
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Buy the policy' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/setup'));
    expect(binds).toBe(1);
    const body = calls.find((c) => c.path === '/stripe/setup')?.body as Record<string, string>;
    expect(body.clientReference).toBe('P123');
    expect(body.successUrl).toContain('/car/proposal/P123/checkout?setup_session={CHECKOUT_SESSION_ID}');
  });

  it('binds on return from saving a card', async () => {
    const { calls } = setup('/car/proposal/P123/checkout?setup_session=cs_s', {
      amount: 0,
      extra: (m, p) =>
        m === 'POST' && p === '/proposals/P123/bind'
          ? reply(endpoints.bindProposal, sampleBind({ policyId: 'POL9' }))
          : undefined,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/proposals/P123/bind')).toHaveLength(1));
  });

  it('with nothing due, a card declined while saving it shows the same decline page, with the reason', async () => {
    const { calls } = setup('/car/proposal/P123/checkout?setup_session=cs_s', {
      amount: 0,
      extra: (m, p) =>
        m === 'GET' && p === '/stripe/sessions/cs_s'
          ? {
              body: {
                sessionId: 'cs_s',
                kind: 'setup',
                status: 'failed',
                declineCode: 'card_declined',
                paymentId: null,
                clientReference: 'P123',
              },
            }
          : undefined,
    });
    expect(await screen.findByText(/Your bank declined the payment \(card_declined\)/)).toBeInTheDocument();
    expect(document.querySelector('[data-page="payment-result-error"]')).not.toBeNull();
    expect(calls.some((c) => c.path === '/proposals/P123/bind')).toBe(false);
  });

  it('shows the payment-result-error page with the decline code and a chat button after a declined card', async () => {
    setup('/car/proposal/P123/checkout/payment/callback?session_id=cs_9', {
      extra: (m, p) =>
        m === 'GET' && p === '/stripe/sessions/cs_9'
          ? {
              body: {
                sessionId: 'cs_9',
                kind: 'checkout',
                status: 'failed',
                declineCode: 'card_declined',
                paymentId,
                clientReference: paymentId,
              },
            }
          : undefined,
    });
    expect(
      await screen.findByRole('heading', { name: 'Your payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/card_declined/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Chat with us' }));
    expect(await screen.findByTestId('chat-panel')).toBeInTheDocument();
  });

  it('shows the disabled notice when it is too early to buy', async () => {
    setup('/car/proposal/P123/checkout', {
      proposal: { startAt: new Date(Date.now() + 60 * 86_400_000).toISOString() },
    });
    expect(await screen.findByText(/You can buy your policy from/)).toBeInTheDocument();
  });

  it('asks for the registration before buying, and takes no payment, when the quote has none (issue 27 §4)', async () => {
    const { calls } = setup('/car/proposal/P123/checkout', {
      proposal: { quote: sampleQuote({ vrn: null }) },
    });
    expect(await screen.findByText(/We need your car’s registration before you can buy/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your quote' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/customerPayments/checkout/bind')).toBe(false);
  });

  it('redirects other sub-paths up to the checkout page', async () => {
    const { router } = setup('/car/proposal/P123/checkout/whatever');
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/proposal/P123/checkout'));
  });

  it('gives admins Direct Debit with card, and no Direct Debit only, when a payment is due', async () => {
    const { calls } = setup('/car/proposal/P123/checkout', {
      admin: true,
      extra: (m, p) => (m === 'GET' && p === '/gocardless/mandates' ? { body: [] } : undefined),
    });
    expect(await screen.findByRole('tab', { name: 'Direct Debit with card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Direct Debit only' })).toBeNull();
    expect(calls.find((c) => c.path === '/customerPayments/checkout/bind')?.body).toEqual({
      proposalCode: 'P123',
      paymentMethodType: 'BACS_DEBIT',
    });
  });

  it('gives admins Direct Debit only when nothing is due; a 402 says to take the card payment, with no error modal', async () => {
    const mandate = barclaysMandate('ACTIVE');
    setup('/car/proposal/P123/checkout', {
      admin: true,
      amount: 0,
      extra: (m, p) => {
        if (m === 'GET' && p === '/gocardless/mandates') return { body: [mandate] };
        if (m === 'POST' && p === '/proposals/P123/bind')
          return {
            status: 402,
            body: { code: 'PAYMENT_REQUIRED', message: 'A first payment of £60.00 is due today.' },
          };
        return undefined;
      },
    });
    expect(await screen.findByRole('tab', { name: 'Direct Debit only' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Direct Debit with card' })).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Activate the policy' }));
    expect(
      await screen.findByText(
        /A first payment is due today, so the policy cannot be activated by Direct Debit only/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/It's not you, it's us/)).toBeNull();
  });

  it('gives admins the card payment alone, with no Direct Debit, for a product paid in full', async () => {
    const { calls } = setup('/car/proposal/P123/checkout', {
      admin: true,
      amount: 51_234,
      proposal: { product: 'ANNUAL', monthlyBilling: false },
    });
    expect(await screen.findByRole('tab', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(screen.getByText(/paid in full: take £512.34 by card over the phone/)).toBeVisible();
    expect(calls.some((c) => c.path === '/gocardless/mandates')).toBe(false);
    expect(calls.find((c) => c.path === '/customerPayments/checkout/bind')?.body).toEqual({
      proposalCode: 'P123',
      paymentMethodType: 'CARD',
    });
  });

  it('asks a customer paying by card on the Direct Debit checkout to confirm in its own modal first', async () => {
    const mandate = barclaysMandate('ACTIVE');
    const { calls } = setup('/car/proposal/P123/checkout?method=dd', {
      extra: (m, p) => {
        if (m === 'GET' && p === '/gocardless/mandates') return { body: [mandate] };
        if (m === 'POST' && p === '/stripe/checkout')
          return { body: { sessionId: 'cs_1', url: 'https://pay.example/cs_1' } };
        return undefined;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay £60.00 by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your first payment is by card' });
    expect(dialog).toHaveTextContent(
      'We take today’s payment of £60.00 by card on our provider’s secure page. Your Direct Debit is not used for it: from next month, we collect your monthly payments by Direct Debit',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/stripe/checkout')).toBe(false);
    expect(calls.find((c) => c.path === '/customerPayments/checkout/bind')?.body).toEqual({
      proposalCode: 'P123',
      paymentMethodType: 'BACS_DEBIT',
    });
    await user.click(screen.getByRole('button', { name: 'Pay £60.00 by card' }));
    await user.click(await screen.findByRole('button', { name: 'Continue to card payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_1'));
  });

  it('shows the deferred success wording with the London start date and tracks the bind once', async () => {
    window.dataLayer = [];
    setup('/car/proposal/P123/checkout', {
      proposal: {
        status: 'POLICY',
        policyId: 'POL1',
        policyNumber: 'FC-000123',
        startAt: '2099-03-01T00:00:00Z',
      },
    });
    expect(
      await screen.findByText(
        'Your policy FC-000123 starts on 1 March 2099. We have e-mailed your documents.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to view your policy' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(window.dataLayer).toEqual([{ event: 'bind', policyId: 'POL1' }]);
  });

  it('shows the immediate success wording when cover has started', async () => {
    setup('/car/proposal/P123/checkout', {
      proposal: {
        status: 'POLICY',
        policyId: 'POL2',
        policyNumber: 'FC-000124',
        startAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(
      await screen.findByText('Your policy FC-000124 has started. We have e-mailed your documents.'),
    ).toBeInTheDocument();
  });
});
