import type { RenewalReview } from '@forecourt/contracts/renewals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { renderAdminAt } from '../admin-test-auth.tsx';

const CODE = 'prp_renewal1';

const renderAt = (path: string, permissions: string[]) => renderAdminAt(path, permissions);

const review: RenewalReview = {
  policyId: '00000000-0000-4000-8000-00000000a001',
  policyNumber: 'FC-PT-7Q2K9',
  holderName: 'Alex Morgan',
  cycle: 1,
  proposalCode: CODE,
  status: 'REFERRED',
  reviewType: 'AUTO',
  anniversaryAt: '2027-01-20T00:00:00.000Z',
  previousTotal: 61_200,
  renewalTotal: 70_000,
  newBusinessTotal: 68_000,
  offeredTotal: 68_000,
  capped: true,
  open: true,
  referralReasons: [{ code: 'DRIVER_AGE', message: 'A driver is 86 or over' }],
  quote: null,
  decisions: [],
};

let calls: ReturnType<typeof mockFetch>;
beforeEach(() => {
  calls = mockFetch((method, path, body) => {
    if (method === 'GET' && path === '/admin/renewals')
      return reply(endpoints.listRenewalQueue, [
        {
          ...review,
          policyNumber: review.policyNumber,
          channel: 'direct',
          renewalTrace: [],
          newBusinessTrace: [],
          invitedAt: '2026-12-21T06:00:00.000Z',
        },
      ]);
    if (method === 'GET' && path === `/admin/renewals/${CODE}`)
      return reply(endpoints.getRenewalReview, review);
    if (method === 'POST' && path === `/admin/renewals/${CODE}/decision`) {
      const b = body as { reason: string; adjustmentPercent: number };
      return reply(endpoints.decideRenewal, {
        ...review,
        status: 'INVITED',
        open: false,
        offeredTotal: 61_000,
        decisions: [
          {
            action: 'RERATE',
            reason: b.reason,
            adjustmentPercent: b.adjustmentPercent,
            statusBefore: 'REFERRED',
            offeredBefore: 68_000,
            offeredAfter: 61_000,
            staff: 'admin@forecourt.example',
            decidedAt: '2026-12-22T10:00:00.000Z',
          },
        ],
      });
    }
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('renewal review (issue 14 §1, ADR 265)', () => {
  it('staff reach the queue without choosing a customer; each waiting renewal links to its review', async () => {
    renderAt('/admin/renewals', ['access:impersonate']);
    // The screen loads lazily (kept out of the home bundle): the first render waits for it.
    const open = await screen.findByRole('link', { name: 'Review FC-PT-7Q2K9' }, { timeout: 8000 });
    expect(open.getAttribute('href')).toBe(`/admin/renewals/${CODE}`);
    expect(screen.getByText('Referred')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Impersonate' })).toBeNull();
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('without action:renewals the renewal is shown read-only', async () => {
    renderAt(`/admin/renewals/${CODE}`, ['access:impersonate']);
    expect(await screen.findByText('A driver is 86 or over')).toBeTruthy();
    expect(screen.getByText(/deciding needs the action:renewals permission/)).toBeTruthy();
    expect(screen.queryByTestId('renewal-decision')).toBeNull();
  });

  it('a reviewer re-rates with a discount and a reason; the decision and the invitation are shown', async () => {
    renderAt(`/admin/renewals/${CODE}`, ['access:impersonate', 'action:renewals']);
    await screen.findByTestId('renewal-decision');
    // No priced quote to release: only re-rate is offered.
    expect(
      (screen.getByRole('radio', { name: 'Release at the offered price' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(await screen.findByText('Give a reason of at least 3 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Adjustment/ }), '10% discount');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Medical confirmed');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(await screen.findByText('Done: the customer has been invited to renew at £610.00.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'RERATE',
      reason: 'Medical confirmed',
      adjustmentPercent: -10,
    });
    expect(screen.getByTestId('renewal-decisions').textContent).toContain('Medical confirmed');
  });

  it('a decision someone else took first is refused inline', async () => {
    calls = mockFetch((method, path) => {
      if (method === 'GET' && path === `/admin/renewals/${CODE}`)
        return reply(endpoints.getRenewalReview, review);
      if (method === 'POST')
        return { status: 409, body: { code: 'CONFLICT', message: 'This renewal is no longer waiting.' } };
      return undefined;
    });
    renderAt(`/admin/renewals/${CODE}`, ['access:impersonate', 'action:renewals']);
    await screen.findByTestId('renewal-decision');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Checked');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
    expect(await screen.findByText('This renewal is no longer waiting for a decision.')).toBeTruthy();
  });
});
