import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../../test/mock-fetch.ts';
import { renderShell } from '../../../app/test-render.tsx';
import { ClaimsTab } from './claims-tab.tsx';

// The customer's claim tracker (issue 28 defect 9, ADR 354): reported → being handled → settled, with dates
// and the handler's notes meant for the customer, never the internal ones.
const policyId = '0b7a4c2e-9d1f-4c8e-8a55-2f5e1d3c4b6a';
const policyNumber = 'FCM00000042';
const REF = 'CLM-AAAA-BBBB-CCCC';
const claim = (status: string) => ({
  claimReference: REF,
  policyNumber,
  status,
  claimType: 'Theft',
  claimSubType: 'Contents',
  insuredName: 'Sam Taylor',
  occurredDate: '2026-11-20',
  occurredAt: '2026-11-20T09:30:00.000Z',
  notifiedAt: '2026-11-20T10:00:00.000Z',
});
const event = (from: string | null, to: string, at: string, over: Record<string, unknown> = {}) => ({
  fromStatus: from,
  toStatus: to,
  note: null,
  customerVisible: false,
  actorKind: 'staff',
  actorSubject: null,
  createdAt: at,
  ...over,
});

function serve(status: string, events: unknown[]) {
  mockFetch((method, path) => {
    if (method === 'GET' && path === `/claims?policyNumber=${policyNumber}`) return { body: [claim(status)] };
    if (method === 'GET' && path === `/claims/${REF}`) return { body: { ...claim(status), events } };
    return undefined;
  });
  renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />);
}
afterEach(() => vi.unstubAllGlobals());

describe('claim tracker', () => {
  it('shows each step reached with its date and the notes meant for the customer', async () => {
    serve('active', [
      event(null, 'pending', '2026-11-20T10:00:00.000Z', { actorKind: 'customer', note: 'Claim notified' }),
      event('pending', 'active', '2026-11-24T11:00:00.000Z', {
        note: 'Our engineer will call you on Tuesday.',
        customerVisible: true,
      }),
    ]);
    const tracker = await screen.findByRole('list', { name: `Progress of claim ${REF}` });
    expect(await within(tracker).findByText(/Our engineer will call you on Tuesday\./)).toBeInTheDocument();
    const steps = within(tracker).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'current', 'todo']);
    expect(steps[0]?.textContent).toContain('Reported');
    expect(steps[0]?.textContent).toContain('20 November 2026');
    expect(steps[1]?.textContent).toContain('Being handled');
    expect(steps[1]?.textContent).toContain('24 November 2026');
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[2]?.textContent).toContain('Settled');
    expect(steps[2]?.textContent).toContain('Not yet');
    // The customer's own "Claim notified" is the step itself, not a handler's note.
    expect(within(tracker).queryByText(/Claim notified/)).toBeNull();
  });

  it('never shows a note staff kept internal, even when the API returns it (staff acting for the customer)', async () => {
    serve('settled', [
      event(null, 'pending', '2026-11-20T10:00:00.000Z', { actorKind: 'customer' }),
      event('pending', 'active', '2026-11-21T10:00:00.000Z', { note: 'Fraud score low' }),
      event('active', 'settled', '2026-11-27T10:00:00.000Z', {
        note: 'We have paid the garage. Your claim is closed.',
        customerVisible: true,
      }),
    ]);
    const tracker = await screen.findByRole('list', { name: `Progress of claim ${REF}` });
    expect(await within(tracker).findByText(/We have paid the garage/)).toBeInTheDocument();
    expect(within(tracker).queryByText(/Fraud score/)).toBeNull();
    const steps = within(tracker).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'done', 'done']);
    expect(steps[2]?.textContent).toContain('27 November 2026');
  });
});
