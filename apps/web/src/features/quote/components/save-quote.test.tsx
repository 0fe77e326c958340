import type { Proposal } from '@forecourt/contracts/proposals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderLookup } from '../../../forms/lookups/test-helpers.tsx';
import { SaveQuote } from './save-quote.tsx';

afterEach(() => vi.unstubAllGlobals());

const proposal = {
  proposalCode: 'P-123',
  externalReference: 'FC-7K3M9Q',
  data: { profiles: [{ policyholder: true, data: { email: 'sam@example.com' } }] },
} as unknown as Proposal;

describe('Save my quote', () => {
  it('e-mails the quote to the address given in the quote, or another one, and says so', async () => {
    const calls: { url: URL }[] = [];
    const fetch = vi.fn(async (input: URL | string, init?: RequestInit) => {
      calls.push({ url: new URL(String(input)) });
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'me@example.org' });
      return new Response(JSON.stringify({ ok: true }), {
        status: 202,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderLookup(<SaveQuote proposal={proposal} />);
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveValue('sam@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'me@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me my quote' }));
    expect(
      await screen.findByText(/We have e-mailed your quote reference FC-7K3M9Q to me@example.org/),
    ).toBeVisible();
    expect(calls[0]?.url.pathname).toBe('/api/proposals/P-123/retain');
  });

  it('checks the address first, and explains the hourly limit', async () => {
    const calls = mockApi(() => ({ status: 429, body: { code: 'RATE_LIMITED', message: 'Too many' } }));
    renderLookup(<SaveQuote proposal={proposal} />);
    const email = screen.getByLabelText('E-mail address');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me my quote' }));
    expect(email).toHaveAccessibleDescription(/Enter an e-mail address/);
    expect(calls).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.type(email, 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me my quote' }));
    expect(await screen.findByText(/already e-mailed this quote several times/)).toBeVisible();
  });
});
