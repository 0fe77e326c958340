import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../../lib/auth/auth-context.tsx';
import { ConfigProvider } from '../../../lib/config.tsx';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { testConfig } from '../../../ui/test-utils.tsx';
import { AccountSetupPage } from './account-setup-page.tsx';

const PATH = '/car-insurance/proposal/prp_abc/account-setup';

function renderSetup() {
  const signIn = vi.fn(async () => undefined);
  const client = {
    current: () => null,
    subscribe: () => () => undefined,
    load: async () => null,
    signInSilently: async () => null,
    signIn,
  } as unknown as AuthClient;
  render(
    <ConfigProvider config={testConfig}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[PATH]}>
            <AuthStateProvider client={client} basename="/">
              <Routes>
                <Route
                  path="/car-insurance/proposal/:proposalCode/account-setup"
                  element={<AccountSetupPage />}
                />
              </Routes>
            </AuthStateProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return { signIn };
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: the proposal, validateAccount, and the account call answering by whether a code came. */
function stubApi(onCode: (code: string) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.endsWith('/api/proposals/prp_abc'))
        return reply(200, {
          data: { profiles: [{ policyholder: true, data: { email: 'pat@example.com' } }] },
        });
      if (url.endsWith('/validateAccount')) return reply(200, { validationStatus: 'OK' });
      if (url.endsWith('/account') && body?.code) return onCode(body.code);
      if (url.endsWith('/account'))
        return reply(202, { status: 'CODE_SENT', email: 'pat@example.com', expiresIn: 600 });
      if (url.endsWith('/api/session'))
        return reply(200, { accessToken: 'anon', expiresIn: 900, tokenType: 'Bearer' });
      return reply(404, {});
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('account set-up (ADR 120)', () => {
  it('asks for the code sent to the e-mail, then signs in with the ticket and returns to the summary', async () => {
    const calls = stubApi(() =>
      reply(200, {
        status: 'REGISTERED',
        accountRegistered: true,
        email: 'pat@example.com',
        signInTicket: 'T1',
      }),
    );
    const { signIn } = renderSetup();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('account-setup-continue'));
    expect(await screen.findByText(/sent a 6-digit code to pat@example.com/)).toBeInTheDocument();
    // Not six digits: refused on the page, nothing sent.
    await user.type(screen.getByLabelText(/Code/), '12ab');
    await user.click(screen.getByTestId('code-confirm'));
    expect(screen.getByText('Enter the 6-digit code we sent you')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Code/));
    await user.type(screen.getByLabelText(/Code/), '123456');
    await user.click(screen.getByTestId('code-confirm'));
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith('/car-insurance/proposal/prp_abc/summary', {
        loginHint: 'ticket:T1',
      }),
    );
    expect(calls.filter((c) => c.url.endsWith('/account')).map((c) => c.body)).toEqual([
      undefined,
      { code: '123456' },
    ]);
  });

  it('shows the server’s message for a wrong code and does not sign in', async () => {
    stubApi(() =>
      reply(400, {
        code: 'VALIDATION',
        message: 'x',
        fieldErrors: { code: ["That code isn't right. Check it and try again."] },
      }),
    );
    const { signIn } = renderSetup();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('account-setup-continue'));
    await user.type(await screen.findByLabelText(/Code/), '000000');
    await user.click(screen.getByTestId('code-confirm'));
    expect(await screen.findByText("That code isn't right. Check it and try again.")).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByTestId('account-setup-sign-in')).toBeInTheDocument();
  });
});
