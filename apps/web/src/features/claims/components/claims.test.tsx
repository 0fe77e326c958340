import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../../../app/test-render.tsx';
import { testConfig } from '../../../ui/test-utils.tsx';
import { ClaimsTab } from './claims-tab.tsx';
import { FnolForm } from './fnol-form.tsx';

const policyId = '0b7a4c2e-9d1f-4c8e-8a55-2f5e1d3c4b6a';
const policyNumber = 'FCM00000042';
type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };

function stubApi(
  route: (method: string, path: string, body: unknown) => { status?: number; body?: unknown } | undefined,
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string | URL, init: RequestInit = {}) => {
    const u = new URL(String(url));
    const path = `${u.pathname.replace(/^\/api/, '')}${u.search}`;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const reply = route(method, path, body) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found' },
    };
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const claim = (reference: string, status: string, claimType = 'Accident') => ({
  claimReference: reference,
  policyNumber,
  status,
  claimType,
  claimSubType: null,
  insuredName: 'Sam Taylor',
  occurredDate: '2026-11-20',
  occurredAt: '2026-11-20T09:30:00.000Z',
  notifiedAt: '2026-11-20T10:00:00.000Z',
});

describe('claims tab', () => {
  it('lists the claims with status shown as pending/default, active/info, settled/success', async () => {
    stubApi((method, path) =>
      method === 'GET' && path === `/claims?policyNumber=${policyNumber}`
        ? {
            body: [
              claim('CLM-AAAA-BBBB-CCCC', 'pending'),
              claim('CLM-DDDD-EEEE-FFFF', 'active', 'Theft'),
              claim('CLM-GGGG-HHHH-JJJJ', 'settled', 'Windscreen'),
            ],
          }
        : undefined,
    );
    renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />);
    const list = await screen.findByRole('list', { name: 'Claims' });
    // Each claim is one item of the list (its tracker is a list of its own inside it).
    const items = [...list.children] as HTMLElement[];
    expect(items).toHaveLength(3);
    const badge = { selector: '.badge' };
    expect(within(items[0] as HTMLElement).getByText('Pending', badge)).toHaveClass('badge', 'default');
    expect(within(items[1] as HTMLElement).getByText('Active', badge)).toHaveClass('badge', 'info');
    expect(within(items[2] as HTMLElement).getByText('Settled', badge)).toHaveClass('badge', 'success');
    expect(within(items[0] as HTMLElement).getByText('Reference CLM-AAAA-BBBB-CCCC')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Happened on 20 November 2026')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Theft')).toBeInTheDocument();
  });

  it('shows the 24/7 claims line from the brand, and an empty list plainly', async () => {
    stubApi((method) => (method === 'GET' ? { body: [] } : undefined));
    renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />, {
      config: { contact: { ...testConfig.contact, claimsPhone: '0800 111 2222' } },
    });
    expect(await screen.findByText('You have not made a claim on this policy.')).toBeInTheDocument();
    const call = screen.getByRole('link', { name: 'Call 0800 111 2222' });
    expect(call).toHaveAttribute('href', 'tel:08001112222');
  });

  it('opens the built-in form when the brand has no external service', async () => {
    const calls = stubApi((method) => (method === 'GET' ? { body: [] } : undefined));
    renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report a claim online' }));
    expect(screen.getByRole('form', { name: 'Report a claim' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/fnol/link')).toBe(false);
  });

  it('goes to the external service when axitechFnol is on', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/car-insurance/policy/p/claims' });
    const calls = stubApi((method, path) =>
      method === 'POST' && path === '/fnol/link'
        ? { body: { url: 'https://claims.example/fnol/abc' } }
        : method === 'GET'
          ? { body: [] }
          : undefined,
    );
    renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />, {
      config: { features: { ...testConfig.features, axitechFnol: true } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report a claim online' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://claims.example/fnol/abc'));
    expect(calls.find((c) => c.path === '/fnol/link')?.body).toEqual({
      policyId,
      callbackUrl: '/car-insurance/policy/p/claims',
      telephone: testConfig.contact.claimsPhone,
      email: testConfig.contact.email,
    });
    expect(screen.queryByRole('form', { name: 'Report a claim' })).not.toBeInTheDocument();
  });

  it('shows the reference the external service returned with', async () => {
    stubApi((method) => (method === 'GET' ? { body: [] } : undefined));
    renderShell(<ClaimsTab policyId={policyId} policyNumber={policyNumber} />, {
      path: '/?claimReference=CLM-ZZZZ-YYYY-XXXX',
    });
    expect(
      await screen.findByText('Thank you. Your claim reference is CLM-ZZZZ-YYYY-XXXX.'),
    ).toBeInTheDocument();
  });
});

describe('FNOL form', { timeout: 30_000 }, () => {
  const now = () => new Date('2026-11-23T12:00:00Z');
  const setup = () => {
    const calls = stubApi((method, path) =>
      method === 'POST' && path === '/claims'
        ? { status: 201, body: { claimReference: 'CLM-7K3M-9QXD-2HPA', status: 'pending', policyNumber } }
        : undefined,
    );
    renderShell(<FnolForm policyId={policyId} policyNumber={policyNumber} now={now} />);
    return calls;
  };
  const when = async (day: string, month: string) => {
    await userEvent.selectOptions(screen.getByLabelText('Day'), day);
    await userEvent.selectOptions(screen.getByLabelText('Month'), month);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '09');
    await userEvent.selectOptions(screen.getByLabelText('Minute'), '30');
  };

  it('sends nothing until the required answers are given, and refuses a date in the future', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Send my claim' }));
    expect(await screen.findAllByText('Please answer this question')).not.toHaveLength(0);
    await when('25', 'Nov');
    await userEvent.click(screen.getByRole('button', { name: 'Send my claim' }));
    expect(
      await screen.findByText('Please give a date and time that is not in the future'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers no date in the future: no next year, no later month or day this year (issue 28 §14)', async () => {
    setup();
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options('Year')).toEqual(['2024', '2025', '2026']);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(options('Month')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Nov');
    expect(options('Day')).toHaveLength(23);
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Oct');
    expect(options('Day')).toHaveLength(31);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(options('Month')).toHaveLength(12);
  });

  it('sends the claim with an Idempotency-Key and shows the reference at once', async () => {
    const calls = setup();
    await userEvent.selectOptions(screen.getByLabelText('What happened?'), 'Accident');
    await userEvent.selectOptions(screen.getByLabelText('Which best describes it?'), 'NotFault');
    await when('20', 'Nov');
    await userEvent.type(screen.getByLabelText('Where did it happen?'), 'Kirkstall Road, Leeds');
    await userEvent.type(screen.getByLabelText('Tell us what happened'), 'A van pulled out');
    await userEvent.type(screen.getByLabelText(/Other vehicle's registration/), 'AB12 CDE');
    await userEvent.click(
      within(screen.getByRole('group', { name: /Was anyone hurt/ })).getByLabelText('Yes'),
    );
    await userEvent.type(screen.getByLabelText('Who was hurt, and how?'), 'Sore neck');
    await userEvent.click(screen.getByRole('button', { name: 'Send my claim' }));
    expect(
      await screen.findByText(
        'We have your claim. Your reference is CLM-7K3M-9QXD-2HPA; we have e-mailed it to you too.',
      ),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      policyId,
      claimType: 'Accident',
      claimSubType: 'NotFault',
      occurredAt: '2026-11-20T09:30:00+00:00',
      location: 'Kirkstall Road, Leeds',
      description: 'A van pulled out',
      otherParty: { vehicleRegistration: 'AB12 CDE' },
      witnesses: [],
      injuries: true,
      injuryDetails: 'Sore neck',
    });
  });
});
