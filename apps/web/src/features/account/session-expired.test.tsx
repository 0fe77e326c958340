import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { ErrorModal } from '../../app/errors/error-modal.tsx';
import { clearGlobalError } from '../../app/errors/global-errors.ts';
import { createQueryClient } from '../../app/query-client.ts';
import type { AuthClient } from '../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import { ConfigProvider } from '../../lib/config.tsx';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { RequireAuth } from './components/require-auth.tsx';
import { AccountIndexPage } from './pages/account-index-page.tsx';
import { sessionExpired, useSignOutOnUnauthorized } from './session-expired.ts';

const customer: SessionUser = {
  userId: 'u1',
  connection: 'email',
  picture: undefined,
  roles: [],
  permissions: [],
  username: 'demo@forecourt.example',
  firstName: 'Alex',
  lastName: 'Morgan',
};

/** An auth client whose identity provider would sign the user straight back in (the loop's cause). */
function fakeClient() {
  let user: SessionUser | null = customer;
  const listeners = new Set<(u: SessionUser | null) => void>();
  return {
    current: () => user,
    subscribe: (l: (u: SessionUser | null) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    load: async () => user,
    signInSilently: async () => null,
    signIn: vi.fn(async () => undefined),
    signOutLocally: vi.fn(async () => {
      user = null;
      for (const l of listeners) l(null);
    }),
  };
}

function SignOutOnUnauthorized({ client }: { client: ReturnType<typeof fakeClient> }) {
  useSignOutOnUnauthorized(client);
  return null;
}

const signInVisits = vi.fn();
function SignInStub() {
  signInVisits();
  return <p>signing in</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearGlobalError();
  sessionExpired.clear();
});

describe('a persistent 401 on /account (issue 11 item 7)', () => {
  it('shows the UNAUTHORIZED modal and signs out once, going home: never /account → /sign-in → /callback', async () => {
    const calls = mockFetch((_m, path) =>
      path === '/policyholder'
        ? {
            status: 401,
            body: { code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' },
          }
        : undefined,
    );
    const client = fakeClient();
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <ErrorModal />
            </>
          ),
          children: [
            { path: '/', element: <p>home page</p> },
            { path: '/sign-in', element: <SignInStub /> },
            {
              path: '/account',
              element: (
                <RequireAuth>
                  <AccountIndexPage />
                </RequireAuth>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/account'] },
    );
    render(
      <ConfigProvider config={testConfig}>
        <I18nextProvider i18n={createI18n({})}>
          <QueryClientProvider client={createQueryClient()}>
            <AuthStateProvider client={client as unknown as AuthClient} basename="/">
              <SignOutOnUnauthorized client={client} />
              <RouterProvider router={router} />
            </AuthStateProvider>
          </QueryClientProvider>
        </I18nextProvider>
      </ConfigProvider>,
    );
    expect(await screen.findByTestId('error-modal', {}, { timeout: 4000 })).toHaveAttribute(
      'data-error-type',
      'UNAUTHORIZED',
    );
    expect(await screen.findByText('home page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    await new Promise((r) => setTimeout(r, 300));
    expect(client.signOutLocally).toHaveBeenCalledTimes(1);
    expect(client.signIn).not.toHaveBeenCalled();
    expect(signInVisits).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === '/policyholder').length).toBeLessThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });
});
