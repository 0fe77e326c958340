import type { StaffClaimDetail } from '@forecourt/contracts/claims';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { renderAdminAt } from '../admin-test-auth.tsx';

// The staff claims screen (issue 28 defect 9, ADR 354).
const REF = 'CLM-7K3M-9QXD-2HPA';
const STAFF = ['access:impersonate', 'action:claims'];

const renderAt = (path: string, permissions = STAFF) => renderAdminAt(path, permissions);

const base = {
  claimReference: REF,
  policyNumber: 'FCM00000042',
  status: 'pending' as const,
  claimType: 'Accident' as const,
  claimSubType: 'NotFault',
  insuredName: 'Sam Taylor',
  occurredDate: '2026-11-20',
  occurredAt: '2026-11-20T09:30:00.000Z',
  notifiedAt: '2026-11-20T10:00:00.000Z',
  customerPartyId: '00000000-0000-4000-8000-00000000a001',
  customerEmail: 'sam@example.com',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const detail: StaffClaimDetail = {
  ...base,
  source: 'online',
  report: {
    location: 'Kirkstall Road, Leeds',
    description: 'A van pulled out and hit the passenger door.',
    otherParty: { name: 'J Smith', vehicleRegistration: 'AB12 CDE' },
    witnesses: [{ name: 'R Patel', contact: '07700 900123' }],
    injuries: false,
    injuryDetails: null,
    policeReference: 'WY/2026/1234',
  },
  uploads: [
    {
      purpose: 'OTHER',
      comment: 'Photos of the door',
      committedAt: '2026-11-21T08:00:00.000Z',
      fileNames: ['door.jpg'],
    },
  ],
  moves: ['active'],
  events: [
    {
      fromStatus: null,
      toStatus: 'pending',
      note: 'Claim notified',
      customerVisible: false,
      actorKind: 'customer',
      actorSubject: 'u1',
      actorEmail: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

let calls: ReturnType<typeof mockFetch>;
beforeEach(() => {
  calls = mockFetch((method, path, body) => {
    if (method === 'GET' && path === '/admin/claims')
      return reply(endpoints.listStaffClaims, [
        base,
        { ...base, claimReference: 'CLM-AAAA-BBBB-CCCC', status: 'settled', customerEmail: null },
      ]);
    if (method === 'GET' && path === `/admin/claims/${REF}`) return reply(endpoints.getStaffClaim, detail);
    if (method === 'POST' && path === `/admin/claims/${REF}/transition`) {
      const b = body as { note: string; customerVisible: boolean };
      return reply(endpoints.moveStaffClaim, {
        ...detail,
        status: 'active',
        moves: ['settled'],
        events: [
          ...detail.events,
          {
            fromStatus: 'pending',
            toStatus: 'active',
            note: b.note,
            customerVisible: b.customerVisible,
            actorKind: 'staff',
            actorSubject: 's1',
            actorEmail: 'admin@forecourt.example',
            createdAt: '2026-11-24T11:00:00.000Z',
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

describe('staff claims screen', () => {
  it('the queue lists each claim with policy, customer, status and date, and links to it', async () => {
    renderAt('/admin/claims');
    const open = await screen.findByRole('link', { name: `Open claim ${REF}` }, { timeout: 8000 });
    expect(open.getAttribute('href')).toBe(`/admin/claims/${REF}`);
    const queue = screen.getByTestId('claims-queue');
    const first = within(queue).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain('FCM00000042');
    expect(first?.textContent).toContain('Sam Taylor (sam@example.com)');
    expect(first?.textContent).toContain('Pending');
    expect(first?.textContent).toContain('20 Nov 2026');
    expect(within(queue).getAllByRole('listitem')[1]?.textContent).toContain('Settled');
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('a claim shows the report, the uploads and the history', async () => {
    renderAt(`/admin/claims/${REF}`);
    const report = await screen.findByTestId('claim-report', {}, { timeout: 8000 });
    expect(report.textContent).toContain('A van pulled out and hit the passenger door.');
    expect(report.textContent).toContain('J Smith · AB12 CDE');
    expect(report.textContent).toContain('R Patel, 07700 900123');
    expect(report.textContent).toContain('WY/2026/1234');
    expect(screen.getByTestId('claim-uploads').textContent).toContain('door.jpg');
    expect(screen.getByTestId('claim-history').textContent).toContain('Claim notified');
  });

  it('moves the claim on with a note for the customer; an empty note is refused before sending', async () => {
    renderAt(`/admin/claims/${REF}`);
    await screen.findByTestId('claim-move', {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: 'Move claim on' }));
    expect(await screen.findByText('Write a note for this step')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Engineer booked for Tuesday');
    await userEvent.click(screen.getByRole('checkbox', { name: /Show this note to the customer/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Move claim on' }));
    expect(await screen.findByText('Done: the claim is now Being handled.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      to: 'active',
      note: 'Engineer booked for Tuesday',
      customerVisible: true,
    });
    const history = screen.getByTestId('claim-history');
    expect(history.textContent).toContain('Engineer booked for Tuesday');
    expect(history.textContent).toContain('Shown to the customer');
    expect(history.textContent).toContain('admin@forecourt.example');
    expect(screen.getByRole('radio', { name: 'Settle it' })).toBeInTheDocument();
  });

  it('a move someone else made first is refused inline', async () => {
    calls = mockFetch((method, path) => {
      if (method === 'GET' && path === `/admin/claims/${REF}`) return reply(endpoints.getStaffClaim, detail);
      if (method === 'POST') return { status: 409, body: { code: 'CONFLICT', message: 'changed' } };
      return undefined;
    });
    renderAt(`/admin/claims/${REF}`);
    await screen.findByTestId('claim-move', {}, { timeout: 8000 });
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Taken on');
    await userEvent.click(screen.getByRole('button', { name: 'Move claim on' }));
    expect(
      await screen.findByText('Someone moved this claim meanwhile. Reload it to see where it is.'),
    ).toBeInTheDocument();
  });

  it('an unknown reference says so', async () => {
    renderAt('/admin/claims/not-a-claim');
    expect(
      await screen.findByText('There is no claim with this reference.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
