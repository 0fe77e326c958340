import { screen, waitFor } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleProposal } from '../../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { renderRoutes } from '../../../app/test-render.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import type { WebConfig } from '../../../lib/config.tsx';
import { testConfig } from '../../../ui/test-utils.tsx';
import { useProposal } from '../api/use-proposal.ts';
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

/** The page a visitor lands on: what the proposal query holds (fetched, or put there by create-quote). */
function Landing() {
  const { code = '' } = useParams();
  const { data } = useProposal(code);
  return <p data-testid="landed">{data ? `${data.proposalCode} ${data.status}` : 'loading'}</p>;
}

const renderCreate = (auth: AuthClient | undefined) =>
  renderRoutes(
    [
      { path: '/car-insurance', element: <CreateQuotePage /> },
      { path: '/car-insurance/proposal/:code/*', element: <Landing /> },
    ],
    '/car-insurance',
    config,
    auth,
  );

const searches = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/proposals?'));
const creates = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/proposals');

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('create-quote (spec 3 §2; ADR 274)', () => {
  it('a new party where nobody can be signed in: no search, one proposal, shown by its page from the cache', async () => {
    const calls = server();
    const router = renderCreate(authClient(false));
    expect((await screen.findByTestId('landed')).textContent).toBe('prp_new INSUFFICIENT_ACCURACY');
    expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_new/before-we-begin');
    expect(searches(calls)).toEqual([]);
    expect(creates(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/session')).toHaveLength(1);
    // What the page it lands on shows came from the cache: this server answers 404 to GET /proposals/prp_new.
    // (The app's query client also keeps it fresh for 30 s, so there it is not fetched at all: e2e quote test.)
  });

  it('a new party where someone may be signed in: searches and resumes the open quote', async () => {
    const calls = server();
    const router = renderCreate(authClient(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_open'));
    expect(searches(calls)).toHaveLength(1);
    expect(creates(calls)).toEqual([]);
  });

  it('without auth state, it searches', async () => {
    const calls = server([]);
    const router = renderCreate(undefined);
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
    const router = renderCreate(authClient(false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/car-insurance/proposal/prp_open'));
    expect(calls.find((c) => c.path === '/session')?.headers.authorization).toBe('Bearer earlier');
    expect(searches(calls)).toHaveLength(1);
    expect(creates(calls)).toEqual([]);
  });
});
