import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleProposal } from '../../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../../lib/auth/auth-context.tsx';
import { ConfigProvider, type WebConfig } from '../../../lib/config.tsx';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { testConfig } from '../../../ui/test-utils.tsx';
import { CreateQuotePage } from './create-quote-page.tsx';

const config = {
  ...testConfig,
  productConfig: { tracking: { parameters: [] }, excess: { voluntaryExcess: [0, 100] } },
} as unknown as WebConfig;

/** An auth client with nobody signed in, that says whether anyone may be (ADR 273). */
const authClient = (mayBeSignedIn: boolean) =>
  ({
    current: () => null,
    subscribe: () => () => undefined,
    load: async () => null,
    signInSilently: async () => null,
    mayBeSignedIn: () => mayBeSignedIn,
  }) as unknown as AuthClient;

const open = sampleProposal({ proposalCode: 'prp_open', schemeCode: 'FCMOTOR1', status: 'QUOTE' });
const made = sampleProposal({
  proposalCode: 'prp_new',
  schemeCode: 'FCMOTOR1',
  status: 'INSUFFICIENT_ACCURACY',
});

/** The server: a token, this party's open quote (when it has one), and a new proposal on POST. */
function server(openQuotes = [open]) {
  return mockFetch((method, path) => {
    if (method === 'POST' && path === '/session')
      return reply(endpoints.createSession, { accessToken: 'tok', expiresIn: 3600, tokenType: 'Bearer' });
    if (method === 'GET' && path.startsWith('/proposals?'))
      return reply(endpoints.listProposals, { items: openQuotes });
    if (method === 'POST' && path === '/proposals') return reply(endpoints.createProposal, made, 201);
    return undefined;
  });
}

function renderCreate(auth: AuthClient | null) {
  const router = createMemoryRouter(
    [
      { path: '/car-insurance', element: <CreateQuotePage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/car-insurance'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = <RouterProvider router={router} />;
  render(
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={client}>
          {auth ? (
            <AuthStateProvider client={auth} basename="/">
              {page}
            </AuthStateProvider>
          ) : (
            page
          )}
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return { router, client };
}

const searches = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/proposals?'));
const creates = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/proposals');

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('create-quote (spec 3 §2; ADR 274)', () => {
  it('a new party where nobody can be signed in: no search, one proposal, cached for its page', async () => {
    const calls = server();
    const { router, client } = renderCreate(authClient(false));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_new/before-we-begin'),
    );
    expect(searches(calls)).toEqual([]);
    expect(creates(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/session')).toHaveLength(1);
    expect(client.getQueryData(queryKeys.proposal('prp_new'))).toEqual(made);
  });

  it('a new party where someone may be signed in: searches and resumes the open quote', async () => {
    const calls = server();
    const { router } = renderCreate(authClient(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_open'));
    expect(searches(calls)).toHaveLength(1);
    expect(creates(calls)).toEqual([]);
  });

  it('without auth state, it searches', async () => {
    const calls = server([]);
    const { router } = renderCreate(null);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_new/before-we-begin'),
    );
    expect(searches(calls)).toHaveLength(1);
  });

  it('a party that had a token in this tab (refreshed, not new): searches and resumes', async () => {
    window.sessionStorage.setItem(
      'forecourt.anonymousToken',
      JSON.stringify({ accessToken: 'earlier', expiresAt: Date.now() + 3_600_000, issuedAt: 0 }),
    );
    const calls = server();
    const { router } = renderCreate(authClient(false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_open'));
    expect(calls.find((c) => c.path === '/session')?.headers.authorization).toBe('Bearer earlier');
    expect(searches(calls)).toHaveLength(1);
    expect(creates(calls)).toEqual([]);
  });
});
