import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from '../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import { ConfigProvider } from '../../lib/config.tsx';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { QuoteLinkPage } from './quote-link-page.tsx';

const TOKEN = 'wYv8IxSOrdRntSRQFy4aDD8KSR1xUiN5foqOym93Jo4';

const signedIn = (user: unknown) =>
  ({
    current: () => user,
    subscribe: () => () => undefined,
    load: async () => user,
    signInSilently: async () => null,
  }) as unknown as AuthClient;

function renderWithFragment(fragment: string, user: unknown = null) {
  window.history.replaceState(null, '', `/quote-link${fragment}`);
  const scheme = testConfig.schemes[0]!;
  render(
    <ConfigProvider config={testConfig}>
      <I18nextProvider i18n={createI18n({})}>
        <MemoryRouter initialEntries={['/quote-link']}>
          <AuthStateProvider client={signedIn(user)} basename="/">
            <Routes>
              <Route path="/quote-link" element={<QuoteLinkPage />} />
              <Route path={`/${scheme.productUrlName}/proposal/:code`} element={<p>Proposal page</p>} />
              <Route path="/retrieve" element={<p>Retrieve page</p>} />
            </Routes>
          </AuthStateProvider>
        </MemoryRouter>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return scheme;
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('a partner quote’s deep link (/quote-link#token, ADR 363)', () => {
  it('spends the token once, keeps the session and opens the proposal; the token leaves the address bar', async () => {
    const scheme = testConfig.schemes[0]!;
    const fetch = vi.fn(async () =>
      reply(200, {
        accessToken: 'anon-token',
        expiresIn: 900,
        tokenType: 'Bearer',
        proposalCode: 'P-123',
        schemeCode: scheme.schemeCode,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithFragment(`#${TOKEN}`);
    expect(await screen.findByText('Proposal page')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/session\/partner-quote$/);
    expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN });
    expect(window.sessionStorage.getItem('forecourt.anonymousToken')).toContain('anon-token');
  });

  it('a signed-in customer’s quote moves into their account, proven by the link’s session', async () => {
    const scheme = testConfig.schemes[0]!;
    const fetch = vi.fn(async (url: URL | string) =>
      String(url).endsWith('/proposals/merge')
        ? reply(200, { proposalCode: 'P-456', mergedProposals: 1 })
        : reply(200, {
            accessToken: 'anon-token',
            expiresIn: 900,
            tokenType: 'Bearer',
            proposalCode: 'P-456',
            schemeCode: scheme.schemeCode,
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithFragment(`#${TOKEN.replace('w', 'm')}`, { userId: 'c1', permissions: [], roles: [] });
    expect(await screen.findByText('Proposal page')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[1] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/proposals\/merge$/);
    expect(JSON.parse(String(init.body))).toEqual({ proposalCode: 'P-456', sourceAccessToken: 'anon-token' });
    expect(window.sessionStorage.getItem('forecourt.anonymousToken')).toBeNull();
  });

  it('says kindly that a used or expired link (410) no longer opens, with the ways on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(410, { code: 'GONE', message: 'This quote link has already been used' })),
    );
    renderWithFragment(`#${TOKEN.replace('w', 'x')}`);
    expect(
      await screen.findByRole('heading', { name: 'This quote link has already been used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/a quote link works once, for 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retrieve a saved quote' })).toHaveAttribute('href', '/retrieve');
  });

  it('a link without its token asks nothing of the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithFragment('');
    await waitFor(() => expect(screen.getByText(/This link is not complete/)).toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalled();
  });
});
