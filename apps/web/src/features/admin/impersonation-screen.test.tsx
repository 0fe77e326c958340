import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import { getImpersonation, setImpersonation } from '../../lib/auth/impersonation.ts';
import { renderUi, testConfig } from '../../ui/test-utils.tsx';
import { ImpersonationScreen } from './impersonation-screen.tsx';

const config = { ...testConfig, features: { ...testConfig.features, isAdmin: true }, basename: '/admin' };
const partyId = '00000000-0000-4000-8000-00000000d001';

afterEach(() => {
  vi.unstubAllGlobals();
  setImpersonation(undefined);
});

describe('impersonation screen (issue 11 item 7)', () => {
  it('refuses an unknown customer inline and keeps no impersonation', async () => {
    const calls = mockFetch(() => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'No customer has that id' },
    }));
    renderUi(<ImpersonationScreen />, { config });
    await userEvent.type(screen.getByRole('textbox', { name: /Customer id/ }), 'not-a-real-customer');
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate' }));
    expect(
      await screen.findByText('No customer has this id or e-mail. Check it and try again.'),
    ).toBeVisible();
    expect(getImpersonation()).toBeUndefined();
    expect(calls[0]?.path).toBe('/admin/customers?customer=not-a-real-customer');
    expect(calls[0]?.headers['x-impersonate']).toBe('not-a-real-customer');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a known customer (by e-mail, as their party id) and starts again from home', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    mockFetch((_m, path) =>
      path.startsWith('/admin/customers?')
        ? reply(endpoints.lookupCustomer, { partyId, email: 'demo@forecourt.example' })
        : undefined,
    );
    renderUi(<ImpersonationScreen />, { config });
    await userEvent.type(screen.getByRole('textbox', { name: /Customer id/ }), ' demo@forecourt.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/'));
    expect(getImpersonation()).toBe(partyId);
  });
});
