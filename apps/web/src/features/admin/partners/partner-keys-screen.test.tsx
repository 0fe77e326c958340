import type { PartnerKey } from '@forecourt/contracts/partner-quotes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { partnerEndpoints } from '../../../lib/api/partner-endpoints.ts';
import { renderAdminAt } from '../admin-test-auth.tsx';

// The partner API keys screen (issue 31 part 2, ADR 363).
const renderAt = (permissions: string[]) => renderAdminAt('/admin/partners/keys', permissions);

const active: PartnerKey = {
  id: '00000000-0000-4000-8000-000000000001',
  partner: 'PriceCompare Ltd',
  keyPrefix: 'fc_live_Ab12Cd',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'admin@forecourt.example',
  revokedAt: null,
};
const NEW_KEY = 'fc_live_x8Yhxv6F0LZ7UxNAbCuxhZ7DS7ghntWlZ-oeBpBtLiU';

let calls: ReturnType<typeof mockFetch>;
let revoked = false;
beforeEach(() => {
  revoked = false;
  calls = mockFetch((method, path, body) => {
    if (method === 'GET' && path === '/admin/partner-keys')
      return reply(partnerEndpoints.listPartnerKeys, {
        keys: [{ ...active, revokedAt: revoked ? '2026-11-29T02:00:00.000Z' : null }],
      });
    if (method === 'POST' && path === '/admin/partner-keys')
      return reply(
        partnerEndpoints.createPartnerKey,
        {
          ...active,
          id: '00000000-0000-4000-8000-000000000002',
          partner: (body as { partner: string }).partner,
          keyPrefix: NEW_KEY.slice(0, 14),
          key: NEW_KEY,
        },
        201,
      );
    if (method === 'POST' && path === `/admin/partner-keys/${active.id}/revoke`) {
      revoked = true;
      return reply(partnerEndpoints.revokePartnerKey, { ...active, revokedAt: '2026-11-29T02:00:00.000Z' });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('partner API keys (/admin/partners/keys)', () => {
  it('lists the keys by prefix, creates one shown once, and revokes one after a second click', async () => {
    renderAt(['partner:admin']);
    const list = await screen.findByTestId('partner-keys', {}, { timeout: 8000 });
    expect(within(list).getByText('PriceCompare Ltd')).toBeInTheDocument();
    expect(within(list).getByText(/fc_live_Ab12Cd…/)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Partner' }), 'Compare Co');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-partner-key')).toHaveTextContent(NEW_KEY);
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ partner: 'Compare Co' });

    await userEvent.click(within(list).getByRole('button', { name: 'Revoke' }));
    expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);
    await userEvent.click(within(list).getByRole('button', { name: /Revoke fc_live_Ab12Cd… now/ }));
    expect(await within(list).findByText(/Revoked/)).toBeInTheDocument();
  });

  it('staff without partner:admin see the unauthorised screen, and nothing is asked of the API', async () => {
    renderAt(['access:impersonate']);
    expect(await screen.findByTestId('admin-unauthorised')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/admin/partner-keys'))).toEqual([]);
  });
});
