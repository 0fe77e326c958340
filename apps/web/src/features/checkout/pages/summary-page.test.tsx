import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplePreparedAccount, sampleProposal } from '../../../../test/fixtures.ts';
import { mockFetch, type Reply, reply } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { SummaryPage } from './summary-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const clear = { isClear: true, checks: [{ name: 'identity', result: 'clear' }] };

function setup(
  verify: Reply,
  account: Reply[] = [reply(endpoints.prepareCustomerAccount, samplePreparedAccount())],
) {
  const accounts = [...account];
  const calls = mockFetch((method, path) => {
    if (method === 'GET' && path === '/proposals/P123') return { body: sampleProposal() };
    if (method === 'PUT' && path === '/proposals/P123/verify') return verify;
    if (method === 'POST' && path === '/customerAccounts') return accounts.shift();
    return undefined;
  });
  const router = renderRoute(
    '/car/proposal/:proposalCode/summary',
    <SummaryPage />,
    '/car/proposal/P123/summary',
  );
  return { calls, router };
}

async function tickAllAndConfirm() {
  const user = userEvent.setup();
  const boxes = await screen.findAllByRole('checkbox');
  for (const box of boxes) await user.click(box);
  await user.click(screen.getByRole('button', { name: /confirm and continue/i }));
}

describe('SummaryPage', () => {
  it('shows the proposal, the quote details with an edit link and the price with IPT', async () => {
    setup({ body: clear });
    expect(await screen.findByText('FC-1234-5678')).toBeInTheDocument();
    expect(screen.getByText('Ford Focus Titanium')).toBeInTheDocument();
    expect(screen.getByTestId('summary-edit')).toHaveAttribute('href', '/car/proposal/P123');
    expect(screen.getByText('Insurance Premium Tax (12%)')).toBeInTheDocument();
    expect(screen.getByTestId('price-total')).toHaveTextContent('£720.00');
    expect(screen.getByText('£60.00 a month')).toBeInTheDocument();
  });

  it('verifies, creates the customer account and goes to checkout when clear', async () => {
    const { calls, router } = setup({ body: clear });
    await tickAllAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/proposal/P123/checkout'));
    expect(calls.find((c) => c.path === '/customerAccounts')?.body).toEqual({ proposalCode: 'P123' });
  });

  it('retries the customer account on 402', async () => {
    const { calls, router } = setup({ body: clear }, [
      { status: 402, body: { code: 'PAYMENT_REQUIRED', message: 'Not yet' } },
      reply(endpoints.prepareCustomerAccount, samplePreparedAccount()),
    ]);
    await tickAllAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/proposal/P123/checkout'), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.path === '/customerAccounts')).toHaveLength(2);
  });

  it('goes on to checkout when the platform opens the account at bind (no POST /customerAccounts)', async () => {
    const { router } = setup({ body: clear }, [
      { status: 404, body: { code: 'NOT_FOUND', message: 'No route' } },
    ]);
    await tickAllAndConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/proposal/P123/checkout'));
  });

  it('lists the failed check and stays when verification is not clear', async () => {
    const { calls, router } = setup({
      body: {
        isClear: false,
        checks: [
          { name: 'identity', result: 'clear' },
          { name: 'sanctions', result: 'consider' },
        ],
      },
    });
    await tickAllAndConfirm();
    expect(
      await screen.findByRole('dialog', { name: 'We could not verify your details' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('verification-message')).toHaveTextContent(
      'We are unable to offer you cover online.',
    );
    expect(calls.some((c) => c.path === '/customerAccounts')).toBe(false);
    expect(router.state.location.pathname).toBe('/car/proposal/P123/summary');
  });
});
