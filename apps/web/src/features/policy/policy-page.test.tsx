import type { CustomerAccount } from '@forecourt/contracts/billing';
import type { Policy } from '@forecourt/contracts/policies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount, samplePolicy, sampleQuote } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { renderRoutes } from '../../app/test-render.tsx';
import { endpoints } from '../../lib/api/endpoints.ts';
import { documentWindow } from './components/documents-tab.tsx';
import { PolicyPage } from './policy-page.tsx';

const id = '5b0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a11';
const root = `/car-insurance/policy/${id}`;
let windowSpy: { mockRestore: () => void } | undefined;
afterEach(() => {
  vi.unstubAllGlobals();
  windowSpy?.mockRestore();
});

function setup(
  url: string,
  opts: {
    policy?: Policy | null;
    account?: CustomerAccount | null;
    extra?: Parameters<typeof mockFetch>[0];
  } = {},
) {
  const policy = opts.policy === undefined ? samplePolicy() : opts.policy;
  const account = opts.account === undefined ? sampleAccount() : opts.account;
  const calls = mockFetch((method, path, body) => {
    const extra = opts.extra?.(method, path, body);
    if (extra) return extra;
    if (path === `/policies/${id}` && policy) return reply(endpoints.getPolicy, policy);
    if (path.startsWith('/customerAccounts?'))
      return reply(endpoints.listCustomerAccounts, account ? [account] : []);
    if (path === `/customerAccounts/${account?.accountId}/nextStatementEstimate`)
      return reply(endpoints.nextStatementEstimate, {
        paymentDueAt: '2026-12-21T00:00:00.000Z',
        amount: 4_500,
      });
    return undefined;
  });
  const router = renderRoutes(
    [
      { path: '/', element: <p>home page</p> },
      {
        path: '/car-insurance/policy/:policyId/*',
        element: <PolicyPage claims={({ policyNumber }) => <p>claims of {policyNumber}</p>} />,
      },
    ],
    url,
  );
  return { router, calls };
}

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Policy sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('policy page (spec 2 §2)', () => {
  it('ACTIVE: details first with cover, car, drivers, excesses, add-ons, dates, price and IPT', async () => {
    const quote = sampleQuote({
      vrn: 'AB19CDE',
      excessLines: [
        { kind: 'theft', compulsory: 25_000, voluntary: 10_000, young: 0, inexperienced: 0, total: 35_000 },
      ],
    });
    setup(root, {
      policy: samplePolicy({
        currentPolicyVersion: {
          ...samplePolicy().currentPolicyVersion,
          quote: quote as unknown as Record<string, unknown>,
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Policy FCM10000001' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Theft £250.00 £100.00 £350.00' })).toBeVisible();
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Billing', 'Claims']);
    expect(screen.getByRole('link', { name: 'Policy details' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', `${root}/documents`);
    expect(screen.getByText('Ford Focus Titanium')).toBeVisible();
    // The plate as stored (AB19CDE) is always shown in its printed form.
    expect(screen.getAllByText('AB19 CDE').length).toBeGreaterThan(0);
    expect(screen.queryByText('AB19CDE')).toBeNull();
    expect(screen.getByText('Sam Taylor')).toBeVisible();
    expect(screen.getByText('No claims bonus protection')).toBeVisible();
    expect(screen.getByText('1 November 2026')).toBeVisible();
    expect(screen.getByText('1 November 2027')).toBeVisible();
    expect(screen.getByText(/Includes Insurance Premium Tax of £77\.14/)).toBeVisible();
    const sidebar = screen.getByRole('complementary', { name: 'Manage your policy' });
    expect(within(sidebar).getByRole('link', { name: 'Change your excess' })).toHaveAttribute(
      'href',
      `${root}/excess`,
    );
    expect(within(sidebar).getByRole('link', { name: 'Cancel policy' })).toHaveAttribute(
      'href',
      `${root}/cancel`,
    );
  });

  it('PENDING shows all four tabs; a lifecycle page says it is not available yet', async () => {
    const { router } = setup(`${root}/cancel`, {
      policy: samplePolicy({ policyDetail: { policyStatus: 'PENDING' } }),
    });
    expect(await screen.findByTestId('not-available')).toHaveTextContent('Not available yet');
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Billing', 'Claims']);
    await userEvent.click(screen.getByRole('link', { name: 'Back to your policy' }));
    expect(router.state.location.pathname).toBe(root);
  });

  it('CANCELLED: billing (first) and claims; other sub-paths go back to the policy root', async () => {
    const policy = samplePolicy({
      policyDetail: { policyStatus: 'CANCELLED', terminatedAt: '2026-11-10T00:00:00.000Z' },
    });
    const { router } = setup(`${root}/details`, { policy });
    expect(await screen.findByTestId('next-payment')).toHaveTextContent('£45.00 on 21 December 2026');
    expect(router.state.location.pathname).toBe(root);
    expect(tabNames()).toEqual(['Billing', 'Claims']);
    expect(screen.getByText('Card')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Claims' }));
    expect(await screen.findByText('claims of FCM10000001')).toBeVisible();
    await router.navigate(`${root}/cancel`);
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
  });

  it('VOIDED and NTU: billing only, hidden when the policy has no billing account', async () => {
    setup(root, { policy: samplePolicy({ policyDetail: { policyStatus: 'NTU' } }) });
    await screen.findByTestId('next-payment');
    expect(tabNames()).toEqual(['Billing']);
  });

  it('with no billing account there is no billing tab', async () => {
    setup(`${root}/billing`, {
      account: null,
      policy: samplePolicy({ policyDetail: { policyStatus: 'VOIDED' } }),
    });
    expect(await screen.findByText('There is nothing more to show for this policy.')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Policy sections' })).toBeNull();
  });

  it('shows the cancellation notice when the policy is set to end', async () => {
    setup(root, { policy: samplePolicy({ policyDetail: { terminatedAt: '2026-12-05T00:00:00.000Z' } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cover ends on 5 December 2026');
  });

  it.each([
    ['a RENEWED policy', samplePolicy({ policyDetail: { policyStatus: 'RENEWED' } })],
    ['a missing policy', null],
  ])('%s goes home', async (_name, policy) => {
    const { router } = setup(`${root}/documents`, { policy });
    expect(await screen.findByText('home page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('documents tab (spec 2 §2, §9)', () => {
  const twoVersions = samplePolicy({
    currentPolicyVersion: { ...samplePolicy().currentPolicyVersion, versionNumber: 2 },
    versions: [
      { versionNumber: 1, startedAt: '2026-11-01T00:00:00.000Z' },
      { versionNumber: 2, startedAt: '2026-11-15T00:00:00.000Z' },
    ],
  });

  function fakeWindow() {
    const win = { opener: {}, location: { href: '' }, close: vi.fn() };
    windowSpy = vi.spyOn(documentWindow, 'open').mockReturnValue(win as unknown as Window);
    return win;
  }

  it('lists certificate and schedule of every version and opens one in a new window', async () => {
    const win = fakeWindow();
    const { calls } = setup(`${root}/documents`, {
      policy: twoVersions,
      extra: (_m, path) =>
        path === `/documents/policy/${id}/policy-certificate?version=1`
          ? reply(endpoints.getPolicyDocument, {
              doc: 'policy-certificate',
              url: 'https://example.test/api/storage/v1.pdf',
              expiresAt: '2026-11-23T12:15:00.000Z',
            })
          : undefined,
    });
    const v1 = await screen.findByTestId('version-1');
    expect(
      within(screen.getByTestId('version-2'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Certificate of motor insurance', 'Policy schedule']);
    await userEvent.click(within(v1).getByRole('button', { name: 'Certificate of motor insurance' }));
    await waitFor(() => expect(win.location.href).toBe('https://example.test/api/storage/v1.pdf'));
    expect(win.opener).toBeNull();
    expect(calls.some((c) => c.path === `/documents/policy/${id}/policy-certificate?version=1`)).toBe(true);
    for (const name of [
      'Insurance product information document',
      'Policy wording',
      'Terms of business',
      'Privacy policy',
    ])
      expect(screen.getByRole('button', { name })).toBeVisible();
  });

  it('shows the "being generated" modal for a document not ready yet, and for a missing static one', async () => {
    const win = fakeWindow();
    const { calls } = setup(`${root}/documents`, {
      extra: (method, path) => {
        if (path.startsWith(`/documents/policy/${id}/policy-schedule`))
          return {
            status: 404,
            body: { code: 'DOCUMENT_NOT_READY', message: 'Your document is being generated.' },
          };
        if (method === 'HEAD' && path === '/documents/2026-01/acme.ipid.html') return { status: 404 };
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Policy schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your document is being generated' });
    expect(dialog).toHaveTextContent('Please retry in a few minutes');
    expect(win.close).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insurance product information document' }));
    expect(await screen.findByRole('dialog', { name: 'Your document is being generated' })).toBeVisible();
    expect(calls.find((c) => c.method === 'HEAD')?.path).toBe('/documents/2026-01/acme.ipid.html');
  });
});

describe('auto-renewal and the renewal window (issue 14)', () => {
  it('opting out in the modal needs a reason, sends it, and the page says cover ends', async () => {
    const user = userEvent.setup();
    const { calls } = setup(root, {
      extra: (method, path, body) =>
        method === 'PUT' && path === `/policies/${id}/autoRenewal`
          ? reply(
              endpoints.setAutoRenewal,
              samplePolicy({
                policyDetail: {
                  autoRenewalEnabled: (body as { enabled: boolean }).enabled,
                  autoRenewalReason: 'Price',
                },
              }),
            )
          : undefined,
    });
    expect(await screen.findByText(/on: your cover continues after 1 November 2027/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change auto-renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-renewal' });
    await user.click(within(dialog).getByLabelText(/Do not renew/));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByLabelText('The price'));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false, reason: 'Price' });
    expect(await screen.findByText(/off: your cover ends on 1 November 2027/)).toBeInTheDocument();
  });

  it('is not offered when renewal is stopped or never reviewed', async () => {
    setup(root, { policy: samplePolicy({ reviewType: 'NEVER' }) });
    expect(await screen.findByRole('heading', { name: 'Policy FCM10000001' })).toBeInTheDocument();
    expect(screen.queryByTestId('auto-renewal')).toBeNull();
  });

  it('in the renewal window the details tab comes last and changes open the blocked modal', async () => {
    const user = userEvent.setup();
    const { router } = setup(`${root}/details`, { policy: samplePolicy({ inRenewalWindow: true }) });
    await screen.findByRole('heading', { name: 'Policy FCM10000001' });
    expect(tabNames()).toEqual(['Documents', 'Billing', 'Claims', 'Policy details']);
    const links = await screen.findAllByRole('link', { name: /update|cover|excess|add-ons/i });
    await user.click(links[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Your policy is being renewed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${root}/details`);
  });
});
