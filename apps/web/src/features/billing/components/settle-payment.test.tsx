import type { CardSessionStatus } from '@forecourt/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount, samplePolicy, sampleStanding } from '../../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { browser } from '../api/billing.ts';
import '../texts.ts';
import { BillingTab } from './billing-tab.tsx';

/** Pay now and what the billing tab says after the card page (issue 28 defect 2, ADR 353). */
const tab = '/car-insurance/policy/P1/billing';
let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  go.mockRestore();
});

const owing = () =>
  sampleAccount({
    outstandingAmount: 10_019,
    paymentMethodUsable: true,
    paymentMethodNeeded: true,
    paymentMethod: { display: 'VISA •••• 0341', mandateStatus: null },
  });

const session = (patch: Partial<CardSessionStatus>): CardSessionStatus => ({
  sessionId: 'cs_p',
  kind: 'settle',
  status: 'complete',
  declineCode: null,
  paymentId: 'pay_1',
  clientReference: 'pay_1',
  amount: 10_019,
  card: { display: 'VISA •••• 4242' },
  ...patch,
});

function setup(s?: CardSessionStatus, url = tab) {
  let account = owing();
  const calls = mockFetch((method, path) => {
    if (path.startsWith('/customerAccounts?')) return reply(endpoints.listCustomerAccounts, [account]);
    if (path === '/customerAccounts/A1/nextStatementEstimate')
      return reply(endpoints.nextStatementEstimate, {
        paymentDueAt: '2026-12-21T00:00:00.000Z',
        amount: 4_500,
      });
    if (path === '/customerAccounts/A1/statements') return reply(endpoints.listStatements, []);
    if (method === 'POST' && path === '/stripe/settle')
      return reply(endpoints.settleByCard, {
        sessionId: 'cs_p',
        url: 'https://pay.example/cs_p',
        amount: 10_019,
      });
    if (s && path === '/stripe/sessions/cs_p') return reply(endpoints.getCardSession, s);
    if (method === 'POST' && path === '/stripe/sessions/cs_p/keepCard') {
      account = { ...account, paymentMethod: { display: 'VISA •••• 4242', mandateStatus: null } };
      return reply(endpoints.keepSessionCard, { display: 'VISA •••• 4242' });
    }
    return undefined;
  });
  // In arrears (ADR 352): the billing tab offers Pay now only then.
  const policy = samplePolicy({
    standing: sampleStanding({
      headline: 'arrears',
      arrears: { amount: 10_019, statementNumbers: [2], why: 'failed' },
    }),
  });
  renderRoute('/car-insurance/policy/:policyId/billing', <BillingTab policy={policy} />, url);
  return calls;
}

describe('billing tab: paying the outstanding balance', () => {
  it('Pay now asks first, with the amount the server will charge, then goes to the card page returning here', async () => {
    const calls = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay your outstanding balance' });
    await waitFor(() => expect(within(dialog).getByText('£100.19')).toBeTruthy());
    expect(within(dialog).getByText(/enter your card on the next, secure page/)).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/stripe/settle')?.body).toMatchObject({
      accountId: 'A1',
      successUrl: `${window.location.origin}${tab}?cardPayment={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${window.location.origin}${tab}`,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to pay £100.19' }));
    expect(go).toHaveBeenCalledWith('https://pay.example/cs_p');
  });

  it('Not now leaves without paying', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(go).not.toHaveBeenCalled();
  });

  it('a declined card says so, with the reason and the decline code', async () => {
    setup(
      session({ status: 'failed', declineCode: 'card_declined', amount: 10_019, card: null }),
      `${tab}?cardPayment=cs_p`,
    );
    const result = await screen.findByTestId('settle-result');
    expect(result.textContent).toContain('Your payment did not go through');
    expect(result.textContent).toContain(
      'Your bank declined the payment (card_declined), so nothing has been taken',
    );
    expect(result.textContent).toContain('(card_declined)');
  });

  it('insufficient funds has its own wording', async () => {
    setup(
      session({ status: 'failed', declineCode: 'insufficient_funds', card: null }),
      `${tab}?cardPayment=cs_p`,
    );
    expect((await screen.findByTestId('settle-result')).textContent).toContain(
      'not enough money available on this card',
    );
  });

  it('paid: "payment received" with the amount, and the offer to keep the new card; yes makes it the card on file', async () => {
    const calls = setup(session({}), `${tab}?cardPayment=cs_p`);
    const result = await screen.findByTestId('settle-result');
    expect(result.textContent).toContain('Payment received: £100.19');
    expect(result.textContent).toContain(
      'Use VISA •••• 4242 for your future payments? They are taken from VISA •••• 0341 at the moment.',
    );
    expect(calls.some((c) => c.path.endsWith('/keepCard'))).toBe(false);
    await userEvent.click(within(result).getByRole('button', { name: 'Yes, use this card' }));
    expect((await screen.findByTestId('card-kept')).textContent).toBe(
      'VISA •••• 4242 will be used for your future payments.',
    );
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/stripe/sessions/cs_p/keepCard'),
    ).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('payment-method').textContent).toContain('4242'));
  });

  it('paid: "no, thanks" keeps the card on file and asks no more', async () => {
    const calls = setup(session({}), `${tab}?cardPayment=cs_p`);
    const result = await screen.findByTestId('settle-result');
    await userEvent.click(within(result).getByRole('button', { name: 'No, thanks' }));
    expect(screen.queryByTestId('keep-card')).toBeNull();
    expect(result.textContent).toContain('Payment received: £100.19');
    expect(calls.some((c) => c.path.endsWith('/keepCard'))).toBe(false);
  });
});
