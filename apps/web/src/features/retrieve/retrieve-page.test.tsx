import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from '../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import { ConfigProvider } from '../../lib/config.tsx';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { RetrievePage } from './retrieve-page.tsx';

const anonymous = {
  current: () => null,
  subscribe: () => () => undefined,
  load: async () => null,
  signInSilently: async () => null,
} as unknown as AuthClient;

function renderAt(url: string) {
  render(
    <ConfigProvider config={testConfig}>
      <I18nextProvider i18n={createI18n({})}>
        <MemoryRouter initialEntries={[url]}>
          <AuthStateProvider client={anonymous} basename="/">
            <Routes>
              <Route path="/retrieve" element={<RetrievePage />} />
            </Routes>
          </AuthStateProvider>
        </MemoryRouter>
      </I18nextProvider>
    </ConfigProvider>,
  );
}

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, postcode: string) {
  await user.type(screen.getByLabelText('Day'), '19');
  await user.type(screen.getByLabelText('Month'), '07');
  await user.type(screen.getByLabelText('Year'), '1985');
  await user.type(screen.getByLabelText('Your postcode'), postcode);
}

afterEach(() => vi.unstubAllGlobals());

describe('retrieve a saved quote (spec 3 §2 "Retrieve")', () => {
  it('enables submit only with a reference, a date of birth and a valid postcode, upper-cased as typed', async () => {
    renderAt('/retrieve');
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Retrieve my quote' });
    await user.type(screen.getByLabelText('Quote reference'), 'FC-7K3M9Q');
    await fillDetails(user, 'sw1v 7g');
    expect(screen.getByLabelText('Your postcode')).toHaveValue('SW1V 7G');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Your postcode'), 'b');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('Quote reference'));
    expect(submit).toBeDisabled();
  });

  it('takes the reference from ?ref= and hides its field', () => {
    renderAt('/retrieve?ref=FC-ABC123');
    expect(screen.queryByLabelText('Quote reference')).not.toBeInTheDocument();
    expect(screen.getByText('Quote reference FC-ABC123')).toBeInTheDocument();
  });

  it('shows the 401 modal for wrong details and the unknown-error modal otherwise', async () => {
    const fetch = vi.fn(async () => reply(401, { code: 'UNAUTHORIZED', message: 'Details do not match' }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/retrieve?ref=FC-ABC123');
    const user = userEvent.setup();
    await fillDetails(user, 'SW1V 7GB');
    await user.click(screen.getByRole('button', { name: 'Retrieve my quote' }));
    expect(await screen.findByText("We couldn't find your quote")).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/session\/back-book$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      externalReference: 'FC-ABC123',
      dateOfBirth: '1985-07-19',
      postalCode: 'SW1V 7GB',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fetch.mockImplementation(async () => reply(500, { code: 'INTERNAL', message: 'boom' }));
    await user.click(screen.getByRole('button', { name: 'Retrieve my quote' }));
    await waitFor(() => expect(screen.getByText('Something went wrong')).toBeInTheDocument());
  });

  it('says under the field when the postcode is not a UK format (Q, V, X never start one)', async () => {
    renderAt('/retrieve?ref=FC-ABC123');
    const user = userEvent.setup();
    await fillDetails(user, 'Q1 1AA');
    expect(screen.queryByText(/not a UK postcode/)).toBeNull();
    await user.tab();
    expect(screen.getByLabelText('Your postcode')).toHaveAccessibleDescription(/That is not a UK postcode/);
    expect(screen.getByRole('button', { name: 'Retrieve my quote' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Your postcode'));
    await user.type(screen.getByLabelText('Your postcode'), 'LS1 5HD');
    expect(screen.queryByText(/not a UK postcode/)).toBeNull();
  });

  it('after too many attempts says when to try again (UK time)', async () => {
    const retryAt = '2026-07-01T13:47:00.000Z';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(429, { code: 'RATE_LIMITED', message: 'Too many attempts.', retryAt })),
    );
    renderAt('/retrieve?ref=FC-ABC123');
    const user = userEvent.setup();
    await fillDetails(user, 'SW1V 7GB');
    await user.click(screen.getByRole('button', { name: 'Retrieve my quote' }));
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument();
    expect(screen.getByText(/You can try again at 14:47/)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
