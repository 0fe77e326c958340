import type { PartnerDelivery, PartnerEndpoint } from '@forecourt/contracts/partners';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { partnerEndpoints } from '../../../lib/api/partner-endpoints.ts';
import { renderAdminAt } from '../admin-test-auth.tsx';

// The staff partner webhooks screen (issue 31, ADR 362).
const ID = '00000000-0000-4000-8000-0000000000e1';
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const renderAt = (path: string, permissions = ['partner:admin']) => renderAdminAt(path, permissions);

const endpoint: PartnerEndpoint = {
  id: ID,
  brand: 'forecourt',
  url: 'https://partner.example/hooks',
  eventTypes: ['policy.bound', 'claim.opened'],
  enabled: true,
  contactEmail: 'dev@partner.example',
  disabledReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const delivery: PartnerDelivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000a1',
  eventType: 'policy.bound',
  policyNumber: 'FCM00000042',
  status: 'pending',
  attempts: 3,
  nextAttemptAt: '2026-11-28T10:07:00.000Z',
  lastResponseCode: 500,
  durationMs: 42,
  lastError: 'The receiver answered 500',
  createdAt: '2026-11-28T10:00:00.000Z',
  deliveredAt: null,
};

let calls: ReturnType<typeof mockFetch>;
let listed: PartnerEndpoint[];
beforeEach(() => {
  listed = [endpoint];
  calls = mockFetch((method, path, body) => {
    if (method === 'GET' && path === '/admin/partners/endpoints')
      return reply(partnerEndpoints.listPartnerEndpoints, listed);
    if (method === 'POST' && path === '/admin/partners/endpoints') {
      const b = body as { url: string };
      if (b.url.includes('169.254'))
        return {
          status: 400,
          body: {
            code: 'VALIDATION',
            message: 'refused',
            fieldErrors: { url: ['The URL points to a link-local, metadata or reserved address.'] },
          },
        };
      const created = { ...endpoint, id: '00000000-0000-4000-8000-0000000000e2', url: b.url };
      listed = [created, endpoint];
      return reply(partnerEndpoints.createPartnerEndpoint, { ...created, secret: SECRET });
    }
    if (method === 'POST' && path === `/admin/partners/endpoints/${ID}/enabled`) {
      listed = [{ ...endpoint, enabled: false, disabledReason: 'Disabled by staff' }];
      return reply(partnerEndpoints.setPartnerEndpointEnabled, listed[0]!);
    }
    if (method === 'POST' && path === `/admin/partners/endpoints/${ID}/roll-secret`)
      return reply(partnerEndpoints.rollPartnerSecret, { ...endpoint, secret: `${SECRET}2` });
    if (method === 'GET' && path === `/admin/partners/endpoints/${ID}/deliveries`)
      return reply(partnerEndpoints.listPartnerDeliveries, [delivery]);
    if (method === 'POST' && path === `/admin/partners/endpoints/${ID}/replay`)
      return reply(partnerEndpoints.replayPartnerEvents, { queued: 'eventId' in (body as object) ? 1 : 7 });
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

describe('partner webhooks screen', () => {
  it('lists the endpoints; staff with partner:admin need no impersonation', async () => {
    renderAt('/admin/partners');
    const list = await screen.findByTestId('partner-endpoints', {}, { timeout: 8000 });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item.textContent).toContain('https://partner.example/hooks');
    expect(item.textContent).toContain('Enabled');
    expect(item.textContent).toContain('2 event types');
    expect(item.textContent).toContain('dev@partner.example');
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('staff without partner:admin do not get the screen', async () => {
    renderAt('/admin/partners', ['access:impersonate']);
    expect(await screen.findByTestId('admin-unauthorised', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('partner-endpoints')).toBeNull();
  });

  it('adds an endpoint and shows its secret once; a refused URL is shown on the field', async () => {
    renderAt('/admin/partners');
    const form = await screen.findByTestId('partner-create', {}, { timeout: 8000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Enter the URL')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(within(form).getByRole('textbox', { name: /URL/ }), 'http://169.254.169.254/x');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /contact e-mail/ }),
      'ops@partner.example',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: 'claim.updated' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('The URL points to a link-local, metadata or reserved address.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('partner-secret')).toBeNull();
    const url = within(form).getByRole('textbox', { name: /URL/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.partner.example/in');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('partner-secret')).textContent).toBe(SECRET);
    const sent = calls.filter((c) => c.method === 'POST').at(-1)?.body as { eventTypes: string[] };
    // Every event but the one unticked, the charge back (ADR 386) among them.
    expect(sent.eventTypes).toHaveLength(10);
    expect(sent.eventTypes).toContain('payment.reversed');
    expect(sent.eventTypes).not.toContain('claim.updated');
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('partner-secret')).toBeNull();
    expect(await screen.findByText('https://hooks.partner.example/in')).toBeInTheDocument();
  });

  it('disables an endpoint and rolls its secret', async () => {
    renderAt('/admin/partners');
    const list = await screen.findByTestId('partner-endpoints', {}, { timeout: 8000 });
    await userEvent.click(within(list).getByRole('button', { name: 'New secret' }));
    expect((await screen.findByTestId('partner-secret')).textContent).toBe(`${SECRET}2`);
    await userEvent.click(within(list).getByRole('button', { name: 'Disable' }));
    expect(await within(list).findByText('Disabled')).toBeInTheDocument();
    expect(list.textContent).toContain('Disabled by staff');
    expect(calls.find((c) => c.path.endsWith('/enabled'))?.body).toEqual({ enabled: false });
  });

  it('shows the deliveries and replays one event or every event since a time', async () => {
    renderAt('/admin/partners');
    const list = await screen.findByTestId('partner-endpoints', {}, { timeout: 8000 });
    await userEvent.click(within(list).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByTestId('partner-deliveries');
    const row = await within(log).findByText('FCM00000042');
    const cells = row.closest('tr')!.textContent;
    expect(cells).toContain('policy.bound');
    expect(cells).toContain('Waiting');
    expect(cells).toContain('500');
    expect(cells).toContain('42 ms');
    await userEvent.click(within(log).getByRole('button', { name: 'Replay policy.bound for FCM00000042' }));
    expect(await within(log).findByText('1 events queued to be sent again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/replay')).at(-1)?.body).toEqual({
      eventId: delivery.eventId,
    });
    await userEvent.click(within(log).getByRole('button', { name: 'Replay' }));
    expect(await within(log).findByText('Choose a date and time')).toBeInTheDocument();
    await userEvent.type(within(log).getByLabelText(/Replay every event since/), '2026-11-28T09:30');
    await userEvent.click(within(log).getByRole('button', { name: 'Replay' }));
    expect(await within(log).findByText('7 events queued to be sent again.')).toBeInTheDocument();
    const last = calls.filter((c) => c.path.endsWith('/replay')).at(-1);
    const since = (last?.body as { since?: string } | undefined)?.since ?? '';
    expect(new Date(since).getTime()).toBe(new Date('2026-11-28T09:30').getTime());
  });
});
