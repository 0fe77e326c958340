import { productConfigSchema } from '@forecourt/contracts/product-config';
import type { Proposal, ProposalStatus, Quote } from '@forecourt/contracts/proposals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import product from '../../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import { sampleProposal, sampleQuote } from '../../../../test/fixtures.ts';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../../lib/auth/auth-context.tsx';
import { ConfigProvider, type WebConfig } from '../../../lib/config.tsx';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { testConfig } from '../../../ui/test-utils.tsx';
import { ProposalPage } from './proposal-page.tsx';

const config = {
  ...testConfig,
  productConfig: productConfigSchema.parse(product.productConfig),
} as WebConfig;
const anonymous = {
  current: () => null,
  subscribe: () => () => undefined,
  load: async () => null,
  signInSilently: async () => null,
} as unknown as AuthClient;

function proposal(
  status: ProposalStatus,
  extra: Partial<Omit<Proposal, 'quote'>> & { quote?: Partial<Quote> } = {},
): Proposal {
  const { quote, ...rest } = extra;
  return sampleProposal({
    proposalCode: 'prp_1',
    status,
    externalReference: 'FC-ABC123',
    data: { asset: {}, profiles: [], quote: {} },
    quote: quote ? sampleQuote(quote) : null,
    sourcePolicy: null,
    ...rest,
  });
}

function serve(body: unknown) {
  const fetch = vi.fn(
    async (_url: URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderProposal() {
  render(
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/car-insurance/proposal/prp_1']}>
            <AuthStateProvider client={anonymous} basename="/">
              <Routes>
                <Route path="/" element={<p>Home page</p>} />
                <Route
                  path="/car-insurance/proposal/:proposalCode/*"
                  element={<ProposalPage slots={slots} />}
                />
              </Routes>
            </AuthStateProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
}

const slots = {
  accountSetup: (code: string) => <p>Account set-up for {code}</p>,
  summary: <p>Summary page</p>,
  checkout: <p>Checkout page</p>,
};

afterEach(() => vi.unstubAllGlobals());

describe('proposal pages by status (spec 3 §2)', () => {
  it('REFERRAL shows the referral page with its reasons', async () => {
    serve(
      proposal('REFERRAL', {
        quote: {
          referralReasons: [
            { code: 'REFUSED_INSURANCE', message: 'A driver has previously been refused insurance' },
          ],
        },
      }),
    );
    renderProposal();
    expect(await screen.findByText("We can't insure you online yet")).toBeInTheDocument();
    expect(screen.getByTestId('referral-reasons')).toHaveTextContent(
      'A driver has previously been refused insurance',
    );
  });

  it('QUOTE_EXPIRED offers a new start date and re-rates with it', async () => {
    const fetch = serve(proposal('QUOTE_EXPIRED'));
    renderProposal();
    await userEvent.click(await screen.findByRole('button', { name: 'Update my quote' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    const body = JSON.parse(String(patch?.[1]?.body));
    expect(body).toMatchObject({ changes: [], applyRating: true });
    expect(body.coverStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('INSUFFICIENT_ACCURACY asks for the car again', async () => {
    serve(proposal('INSUFFICIENT_ACCURACY'));
    renderProposal();
    expect(await screen.findByText('We need more details about your car')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find my car' })).toHaveAttribute(
      'href',
      expect.stringMatching(/disclosure\/section\/your-car$/),
    );
  });

  it('a renewal proposal goes home', async () => {
    serve(proposal('QUOTE', { sourcePolicy: { policyId: 'pol_1' } }));
    renderProposal();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('POLICY shows the checkout page that the route table slots in', async () => {
    serve(proposal('POLICY'));
    renderProposal();
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
  });
});
