import type { RefundHeld } from '@forecourt/contracts/billing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { getImpersonation, setImpersonation } from '../../../lib/auth/impersonation.ts';
import { renderAdminAt } from '../admin-test-auth.tsx';

// The finance team's money owed back that did not reach the customer (ADR 411).
const FINANCE = ['access:impersonate', 'finance'];
const partyId = '00000000-0000-4000-8000-00000000a001';
const held: RefundHeld = {
  policyId: '00000000-0000-4000-8000-000000000001',
  policyNumber: 'FCM00000042',
  policyStatus: 'CANCELLED',
  accountId: '00000000-0000-4000-8000-0000000000a1',
  partyId,
  holderName: 'Sam Taylor',
  email: 'sam@example.com',
  amount: 4769,
  method: 'CARD',
  since: '2027-01-21T06:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  setImpersonation(undefined);
  window.history.pushState({}, '', '/');
});

describe('money owed back screen', () => {
  it('lists each customer owed money with the amount, the way it failed, since when and the policy', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === '/admin/refundsHeld'
        ? reply(endpoints.listRefundsHeld, [
            held,
            {
              ...held,
              policyId: 'p2',
              method: null,
              email: null,
              holderName: 'Alex Kim',
              policyNumber: 'FCM00000043',
              amount: 1250,
            },
          ])
        : undefined,
    );
    renderAdminAt('/admin/refunds', FINANCE);
    const list = await screen.findByTestId('refunds-held', {}, { timeout: 8000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('£47.69 · Sam Taylor (sam@example.com)');
    expect(first?.textContent).toContain('Refund to their card failed · Did not reach them 21 Jan 2027');
    expect(first?.textContent).toContain('Policy FCM00000042');
    expect(second?.textContent).toContain('£12.50 · Alex Kim');
    expect(second?.textContent).toContain('Refunds to their card and bank account failed');
  });

  it('acts for the customer through the audited check, then opens their policy', async () => {
    const calls = mockFetch((method, path) =>
      method === 'GET' && path === '/admin/refundsHeld'
        ? reply(endpoints.listRefundsHeld, [held])
        : path.startsWith('/admin/customers?')
          ? reply(endpoints.lookupCustomer, { partyId, email: 'sam@example.com' })
          : undefined,
    );
    renderAdminAt('/admin/refunds', FINANCE);
    const act = await screen.findByRole('button', { name: 'Act for Sam Taylor' }, { timeout: 8000 });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    await userEvent.click(act);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`/admin/policy/${held.policyId}`));
    const check = calls.find((c) => c.path.startsWith('/admin/customers?'));
    expect(check?.path).toBe(`/admin/customers?customer=${partyId}`);
    expect(check?.headers['x-impersonate']).toBe(partyId);
    expect(getImpersonation()).toBe(partyId);
  });

  it('says so when nobody is waiting', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === '/admin/refundsHeld' ? reply(endpoints.listRefundsHeld, []) : undefined,
    );
    renderAdminAt('/admin/refunds', FINANCE);
    expect(
      await screen.findByText(
        'No customer is waiting for money that could not be paid back.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('says the list needs finance when the API refuses it', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === '/admin/refundsHeld'
        ? { status: 403, body: { code: 'FORBIDDEN', message: 'Only the finance team can do this.' } }
        : undefined,
    );
    renderAdminAt('/admin/refunds', ['access:impersonate']);
    expect(
      await screen.findByText(
        'We could not load the list. You need the finance permission.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('the customer search links to it for staff with finance only', async () => {
    mockFetch(() => undefined);
    renderAdminAt('/admin', FINANCE);
    const link = await screen.findByTestId('admin-refunds-link', {}, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/admin/refunds');
    expect(link.textContent).toBe('Money owed back that did not reach the customer');
  });

  it('staff without finance see no link to it', async () => {
    mockFetch(() => undefined);
    renderAdminAt('/admin', ['access:impersonate']);
    await screen.findByTestId('impersonate-submit', {}, { timeout: 8000 });
    expect(screen.getByTestId('admin-claims-link')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-refunds-link')).toBeNull();
  });
});
