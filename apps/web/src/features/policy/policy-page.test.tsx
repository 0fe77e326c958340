import type { CancellationOptions } from '@forecourt/contracts/adjustments';
import type { CustomerAccount } from '@forecourt/contracts/billing';
import type { Policy } from '@forecourt/contracts/policies';
import { productConfigSchema } from '@forecourt/contracts/product-config';
import { addDaysIso, formatLondon, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { sampleAdditionalDriver, sampleProposalData } from '@forecourt/domain/risk/sample';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import product from '../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import {
  notStarting,
  sampleAccount,
  samplePolicy,
  sampleQuote,
  sampleStanding,
} from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { sampleCustomer, signedInClient } from '../../app/test-render.tsx';
import { endpoints } from '../../lib/api/endpoints.ts';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import { ConfigProvider } from '../../lib/config.tsx';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { SnackbarProvider } from '../../ui/index.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { hostedPage } from '../changes/index.ts';
import { documentWindow } from '../documents/index.ts';
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
    user?: SessionUser;
    admin?: boolean;
    config?: typeof testConfig;
    estimate?: { paymentDueAt: string | null; amount: number; endsAt?: string };
  } = {},
) {
  const policy = opts.policy === undefined ? samplePolicy() : opts.policy;
  const account = opts.account === undefined ? sampleAccount() : opts.account;
  const calls = mockFetch((method, path, body) => {
    const extra = opts.extra?.(method, path, body);
    if (extra) return extra;
    if (path === `/policies/${id}` && policy) return reply(endpoints.getPolicy, policy);
    if (path === `/policies/${id}/cancellation`)
      return reply(endpoints.getCancellationOptions, {
        allowed: true,
        type: 'Standard',
        reasons: ['Price', 'Other'],
        deferralDays: 30,
        latestDay: '2026-12-31',
        refundIfNowPence: 0,
        owedIfNowPence: 0,
      });
    if (path.startsWith('/customerAccounts?'))
      return reply(endpoints.listCustomerAccounts, account ? [account] : []);
    if (path === `/customerAccounts/${account?.accountId}/nextStatementEstimate`)
      return reply(
        endpoints.nextStatementEstimate,
        opts.estimate ?? { paymentDueAt: '2026-12-21T00:00:00.000Z', amount: 4_500 },
      );
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      {
        path: '/car-insurance/policy/:policyId/*',
        element: <PolicyPage claims={({ policyNumber }) => <p>claims of {policyNumber}</p>} />,
      },
    ],
    { initialEntries: [url] },
  );
  // The snackbar is the shell's (the auto-renewal modal reports through it).
  const page = (
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>
  );
  render(
    <ConfigProvider
      config={
        opts.config ??
        (opts.admin ? { ...testConfig, features: { ...testConfig.features, isAdmin: true } } : testConfig)
      }
    >
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          {opts.user ? (
            <AuthStateProvider client={signedInClient(opts.user)} basename="/">
              {page}
            </AuthStateProvider>
          ) : (
            page
          )}
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return { router, calls };
}

const cancelledAt = (terminatedAt: string) => ({ policyStatus: 'CANCELLED' as const, terminatedAt });

/**
 * The policy read again once a cancellation is committed (`committed` set by the test): answered with the cancelled
 * policy, recording at each read whether the cancellation confirmation was already on screen.
 */
function cancelledPolicyReads(cancelled: Policy) {
  const reads = {
    committed: false,
    confirmationShownWhenRead: [] as boolean[],
    answer(path: string) {
      if (path !== `/policies/${id}` || !reads.committed) return undefined;
      reads.confirmationShownWhenRead.push(
        document.querySelector('[data-testid="cancellation-confirmation"]') !== null,
      );
      return reply(endpoints.getPolicy, cancelled);
    },
  };
  return reads;
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
    expect(await within(sidebar).findByRole('link', { name: 'Cancel policy' })).toHaveAttribute(
      'href',
      `${root}/cancel`,
    );
    // The first test of the file also pays for loading the page's modules.
  }, 15_000);

  it('PENDING shows all four tabs; every lifecycle page renders its own content', async () => {
    // Signed in, with the product's configuration, as in the customer area: the management page reads both.
    const { router } = setup(`${root}/uploads`, {
      policy: samplePolicy({ policyDetail: { policyStatus: 'PENDING' } }),
      user: sampleCustomer,
      config: {
        ...testConfig,
        productConfig: productConfigSchema.parse(product.productConfig),
      } as typeof testConfig,
    });
    // The uploads page itself is tested in uploads-page.test.tsx (its calls are not mocked here).
    expect(await screen.findByRole('heading', { name: 'Policy FCM10000001' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`${root}/uploads`);
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Billing', 'Claims']);
    // Each page waited for by its own content, so one that is blocked, missing or cannot render fails here.
    const pages = {
      management: 'management',
      excess: 'excess-page',
      'add-ons': 'add-ons-page',
      cancel: 'cancel-form',
    };
    for (const [path, testId] of Object.entries(pages)) {
      await router.navigate(`${root}/${path}`);
      await waitFor(() => expect(router.state.location.pathname).toBe(`${root}/${path}`));
      expect(await screen.findByTestId(testId, {}, { timeout: 10_000 })).toBeVisible();
    }
  });

  it('CANCELLED: billing (first) and claims; other sub-paths go back to the policy root', async () => {
    const policy = samplePolicy({
      policyDetail: { policyStatus: 'CANCELLED', terminatedAt: '2026-11-10T00:00:00.000Z' },
    });
    const { router } = setup(`${root}/details`, {
      policy,
      estimate: { paymentDueAt: null, amount: 0, endsAt: '2026-11-10T00:00:00.000Z' },
    });
    // No next payment beyond the end (ADR 251), said in the past: cover has ended.
    expect(await screen.findByTestId('next-payment')).toHaveTextContent(
      'There are no further payments: your cover ended on 10 November 2026.',
    );
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

  it('a driveaway (ADR 245): no billing tab though it has an account; its price is for its days', async () => {
    const config = {
      ...testConfig,
      schemes: [
        {
          schemeCode: 'FCMOTOR1',
          productUrlName: 'car-insurance',
          product: 'DRIVEAWAY',
          term: 'P7D',
          disabled: false,
          name: 'Drive away: 7 days',
        },
      ],
    } as typeof testConfig;
    const quote = sampleQuote();
    const total = (quote.totals as { discountedPrice: number }).discountedPrice;
    const inFull = { ...quote, totals: { ...quote.totals, monthly: null } };
    setup(root, {
      config,
      policy: samplePolicy({
        currentPolicyVersion: {
          ...samplePolicy().currentPolicyVersion,
          quote: inFull as unknown as Record<string, unknown>,
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Policy FCM10000001' })).toBeVisible();
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Claims']);
    const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(total / 100);
    expect(screen.getByText(`${amount} for 7 days`)).toBeVisible();
    expect(screen.queryByText(/a month/)).toBeNull();
  });

  it('a monthly price whose first month differs says so, so the months add up to the year (the statements bill it)', async () => {
    const quote = sampleQuote();
    const totals = {
      ...quote.totals,
      discountedPrice: 59_080,
      monthly: { first: 4_927, regular: 4_923, count: 12 },
    };
    setup(root, {
      policy: samplePolicy({
        currentPolicyVersion: {
          ...samplePolicy().currentPolicyVersion,
          quote: { ...quote, totals } as unknown as Record<string, unknown>,
        },
      }),
    });
    expect(await screen.findByText('£49.27 for the first month, then £49.23 a month')).toBeVisible();
    expect(screen.getByText('Total for the year £590.80')).toBeVisible();
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

  it('staff of the finance team see the impersonate-billing tab; other staff and customers do not', async () => {
    const staff = (permissions: string[]) =>
      ({
        userId: 'staff-1',
        connection: 'email',
        picture: undefined,
        roles: [],
        permissions,
        username: 'admin@forecourt.example',
        firstName: 'Sam',
        lastName: 'Support',
      }) satisfies SessionUser;
    const admin = { ...testConfig, features: { ...testConfig.features, isAdmin: true } };
    setup(`/car-insurance/policy/${id}/finance`, {
      user: staff(['access:impersonate', 'finance']),
      config: admin,
    });
    expect(await screen.findByTestId('finance-tab')).toBeVisible();
    expect(tabNames()).toEqual(['Policy details', 'Documents', 'Billing', 'Claims', 'Finance']);
    expect(screen.getByRole('link', { name: 'Finance' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Ledger balance')).toBeVisible();
    cleanup();
    const { router } = setup(`/car-insurance/policy/${id}/finance`, {
      user: staff(['access:impersonate']),
      config: admin,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car-insurance/policy/${id}`));
    await screen.findByRole('navigation', { name: 'Policy sections' });
    expect(tabNames()).not.toContain('Finance');
    cleanup();
    const customer = setup(`/car-insurance/policy/${id}/finance`, { user: staff(['finance']) });
    await waitFor(() => expect(customer.router.state.location.pathname).toBe(`/car-insurance/policy/${id}`));
    await screen.findByRole('navigation', { name: 'Policy sections' });
    expect(tabNames()).not.toContain('Finance');
  });
});

const summary = (n: number, status: 'settled' | 'failed' | 'pending', due: string, outstanding = 0) => ({
  statementId: `S${n}`,
  statementNumber: n,
  createdAt: due,
  status,
  amount: 4_500,
  statementBalance: outstanding,
  subtotalBalance: outstanding,
  broughtForwardBalance: 0,
  carriedForwardBalance: outstanding,
  amountOutstanding: outstanding,
  paymentDueAt: due,
  final: false,
});

function billingMocks(method: string, path: string, body: unknown) {
  if (path === '/customerAccounts/A1/statements')
    return reply(endpoints.listStatements, [
      summary(3, 'failed', '2027-01-21T00:00:00.000Z', 4_500),
      summary(2, 'settled', '2026-12-21T00:00:00.000Z'),
      summary(1, 'settled', '2026-11-21T00:00:00.000Z'),
    ]);
  if (path === '/customerAccounts/A1/statements/S2')
    return reply(endpoints.getStatement, {
      ...summary(2, 'settled', '2026-12-21T00:00:00.000Z'),
      lineItems: [
        {
          type: 'invoice',
          status: 'POSTED',
          amount: 4_500,
          descriptionKey: 'billing.lineItem.subscription',
          descriptionValue: null,
          servicePeriodStart: '2026-12-21T00:00:00.000Z',
          servicePeriodEnd: '2027-01-21T00:00:00.000Z',
          paymentMethodDescription: null,
          effectiveAt: '2026-12-21T00:00:00.000Z',
          subType: null,
          ipt: 482,
        },
        {
          type: 'payment',
          status: 'POSTED',
          amount: -4_500,
          descriptionKey: 'billing.lineItem.cardPayment',
          descriptionValue: null,
          servicePeriodStart: null,
          servicePeriodEnd: null,
          paymentMethodDescription: 'Card',
          effectiveAt: '2026-12-21T06:00:00.000Z',
          subType: 'STRIPE',
          ipt: null,
        },
      ],
    });
  if (path === '/customerAccounts/A1/statements/S1') {
    // A refund paid back against two equal debits: two lines alike in every field (ADR 380).
    const refund = {
      type: 'refund',
      status: 'PENDING',
      amount: 4_500,
      descriptionKey: 'billing.lineItem.cancellationRefund',
      descriptionValue: null,
      servicePeriodStart: null,
      servicePeriodEnd: null,
      paymentMethodDescription: 'Direct Debit',
      effectiveAt: '2026-12-28T10:00:00.000Z',
      subType: 'GOCARDLESS',
      ipt: null,
    } as const;
    return reply(endpoints.getStatement, {
      ...summary(1, 'settled', '2026-11-21T00:00:00.000Z'),
      // And a refund not paid: the debit it was for was charged back by the bank (ADR 386).
      lineItems: [
        refund,
        { ...refund },
        { ...refund, status: 'FAILED', amount: 1_200, descriptionKey: 'billing.lineItem.refundKeptBack' },
      ],
    });
  }
  if (method === 'PUT' && path === '/customerAccounts/A1/paymentDay')
    return reply(endpoints.changePaymentDay, {
      paymentDay: (body as { paymentDay: number }).paymentDay,
      changed: true,
      journal: 1_000,
      nextPaymentAt: '2027-02-03T00:00:00.000Z',
    });
  return undefined;
}

describe('billing tab (spec 2 §2)', () => {
  it.each([
    ['PENDING_CUSTOMER_APPROVAL', 'Waiting for your bank to approve it'],
    ['ACTIVE', 'Active'],
    ['CANCELLED', 'Cancelled: payments cannot be collected'],
  ] as const)('the payment settings show the Direct Debit and its mandate %s', async (status, text) => {
    setup(`${root}/billing`, {
      account: sampleAccount({
        paymentMethodType: 'BACS_DEBIT',
        paymentMethod: { display: 'Barclays ••••9911', mandateStatus: status },
      }),
      extra: billingMocks,
    });
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('Direct Debit, Barclays ••••9911');
    expect(screen.getByTestId('mandate-status')).toHaveTextContent(text);
  });

  it('the payment settings name the saved card and show no mandate', async () => {
    setup(`${root}/billing`, {
      account: sampleAccount({ paymentMethod: { display: 'Visa •••• 4242', mandateStatus: null } }),
      extra: billingMocks,
    });
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('Card, Visa •••• 4242');
    expect(screen.queryByTestId('mandate-status')).toBeNull();
  });

  it('a lapsed policy with a change still to pay (ADR 393): the balance and Pay now, worded for cover that has ended, not as a payment that failed', async () => {
    setup(`${root}/billing`, {
      policy: samplePolicy({
        policyDetail: { policyStatus: 'LAPSED' },
        standing: sampleStanding({
          headline: 'arrears',
          arrears: { amount: 184, statementNumbers: [13], why: 'ended' },
          renewal: null,
          ended: { status: 'LAPSED', endedAt: '2027-11-01T00:00:00.000Z', neverStarted: false },
        }),
      }),
      account: sampleAccount({ outstandingAmount: 184, accountBalance: 184 }),
      extra: billingMocks,
    });
    expect(await screen.findByText('Outstanding balance: £1.84')).toBeVisible();
    expect(
      screen.getByText(
        /^Cover under this policy has ended, and this is still to pay for it\. Please pay it now, or call us on/,
      ),
    ).toBeVisible();
    expect(screen.queryByText('We could not take your last payment. Please pay it now.')).toBeNull();
    expect(screen.getByTestId('pay-outstanding')).toHaveTextContent('Pay now');
  });

  it('shows the outstanding balance, latest and previous statements, the estimate; a statement opens in a modal', async () => {
    setup(`${root}/billing`, {
      policy: samplePolicy({
        standing: sampleStanding({
          headline: 'arrears',
          arrears: { amount: 4_500, statementNumbers: [3], why: 'failed' },
          nextPayment: {
            amount: 4_500,
            dueAt: '2026-12-21T00:00:00.000Z',
            method: 'CARD',
            coverEndsAt: null,
          },
        }),
      }),
      account: sampleAccount({ outstandingAmount: 4_500, accountBalance: 4_500 }),
      extra: billingMocks,
    });
    expect(await screen.findByText('Outstanding balance: £45.00')).toBeVisible();
    expect(screen.getByTestId('pay-outstanding')).toHaveTextContent('Pay now');
    const latest = await screen.findByTestId('latest-statement');
    expect(latest).toHaveTextContent('£45.00 to pay');
    expect(latest).toHaveTextContent('Statement 3');
    expect(latest).toHaveTextContent('Failed');
    expect(screen.getByTestId('next-payment')).toHaveTextContent('£45.00 on 21 December 2026');
    const previous = screen.getByTestId('previous-statements');
    expect(
      within(previous)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Statement 2', 'Statement 1']);
    expect(screen.queryByRole('button', { name: 'Change payment day' })).toBeNull();
    await userEvent.click(within(previous).getByRole('button', { name: 'Statement 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement 2' });
    const rows = within(await within(dialog).findByTestId('statement-detail')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ItemPeriod or dateAmount',
      'Monthly premium includes £4.82 insurance premium tax21 December 2026 – 21 January 2027£45.00',
      'Payment received21 December 2026-£45.00',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await userEvent.click(within(previous).getByRole('button', { name: 'Statement 1' }));
    const first = await screen.findByRole('dialog', { name: 'Statement 1' });
    const alike = within(await within(first).findByTestId('statement-detail')).getAllByRole('row');
    expect(alike.map((r) => r.textContent)).toEqual([
      'ItemPeriod or dateAmount',
      'Refund (pending)28 December 2026£45.00',
      'Refund (pending)28 December 2026£45.00',
      'Refund (not paid: set against what is owed)28 December 2026£12.00',
    ]);
  });

  it('staff with the feature change the payment day: 1st to 29th offered, 29th and the same day refused', async () => {
    const { calls } = setup(`${root}/billing`, {
      extra: billingMocks,
      config: {
        ...testConfig,
        features: { ...testConfig.features, isAdmin: true, allowModifyBillingDay: true },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change payment day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payment day' });
    const select = within(dialog).getByRole('combobox', { name: 'New payment day' });
    expect(
      within(select)
        .getAllByRole('option')
        .slice(-2)
        .map((o) => o.textContent),
    ).toEqual(['28th', '29th']);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(select, '29');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('Choose a day from the 1st to the 28th.')).toBeVisible();
    await userEvent.selectOptions(select, '21');
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(select, '3');
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ paymentDay: 3 });
  });

  it('without the brand feature staff see no payment-day action', async () => {
    setup(`${root}/billing`, {
      extra: billingMocks,
      config: {
        ...testConfig,
        features: { ...testConfig.features, isAdmin: true, allowModifyBillingDay: false },
      },
    });
    await screen.findByTestId('latest-statement');
    expect(screen.queryByRole('button', { name: 'Change payment day' })).toBeNull();
  });
});

describe('cancellation (spec 2 §2, §4, §5)', () => {
  const later = addDaysIso(todayInLondon(), 5);
  const adjustmentId = '0c3d0f7e-2a0b-4f4e-8d6c-2c1a4f0f9b21';
  const options = (
    o: Partial<Pick<CancellationOptions, 'type' | 'allowed' | 'refundIfNowPence' | 'owedIfNowPence'>> = {},
  ) => ({
    allowed: true,
    type: 'CoolingOff' as const,
    reasons: ['SoldNR', 'SoldMake', 'Price', 'Service', 'NotSuitable', 'Other'],
    deferralDays: 30,
    latestDay: addDaysIso(todayInLondon(), 30),
    refundIfNowPence: 4_210,
    owedIfNowPence: 0,
    ...o,
  });
  const adjustment = (confirmed: boolean, immediate = true) => ({
    adjustmentId,
    policyId: id,
    adjustmentType: 'CANCELLATION' as const,
    reason: 'Other|Moving abroad',
    changes: [],
    effectiveAt: '2026-11-23T10:15:00.000Z',
    createdAt: '2026-11-23T10:15:00.000Z',
    expiresAt: '2026-11-23T10:45:00.000Z',
    confirmed,
    confirmedAt: confirmed ? '2026-11-23T10:15:01.000Z' : null,
    verificationClear: true,
    updatedPolicyVersions: [],
    prorataPremium: -4_210,
    cancellation: {
      type: 'CoolingOff' as const,
      immediate,
      terminatesAt: immediate ? '2026-11-23T10:15:00.000Z' : startOfDayLondon(later).toISOString(),
      creditPence: 4_210,
      refundPence: 4_210,
      owedPence: 0,
      refundWorkingDays: { min: 7, max: 10 },
    },
  });

  it("cooling-off: reasons only; 'Other' needs text; confirms and shows the end time and the refund", async () => {
    const { router, calls } = setup(`${root}/cancel`, {
      extra: (method, path) => {
        if (path === `/policies/${id}/cancellation`)
          return reply(endpoints.getCancellationOptions, options());
        if (method === 'POST' && path === '/policyAdjustments')
          return reply(endpoints.createPolicyAdjustment, adjustment(false), 201);
        if (method === 'POST' && path === `/policyAdjustments/${adjustmentId}/commit`)
          return reply(endpoints.commitPolicyAdjustment, adjustment(true));
        if (path === `/policyAdjustments/${adjustmentId}`)
          return reply(endpoints.getPolicyAdjustment, adjustment(true));
        return undefined;
      },
    });
    expect(await screen.findByText(/we will refund £42.10/i)).toBeVisible();
    expect(screen.queryByText('When should your cover end?')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Cancel my policy' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Tell us why/ }), 'Moving abroad');
    await userEvent.click(submit);
    expect(await screen.findByTestId('cancellation-confirmation')).toHaveTextContent(
      'Your cover ended at 10:15 on Monday 23 November 2026.',
    );
    expect(screen.getByTestId('refund')).toHaveTextContent(
      'We are refunding £42.10 to the card or bank account you paid with. It reaches you in 7 to 10 working days.',
    );
    expect(router.state.location.pathname).toBe(`${root}/cancel/confirm`);
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toEqual({
      adjustmentType: 'CANCELLATION',
      policyId: id,
      changes: [],
      reason: 'Other|Moving abroad',
      effectiveAt: null,
    });
    const commit = calls.find((c) => c.path.endsWith('/commit'));
    expect(commit?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the cancelled policy is read again only once the confirmation is on screen, so the page stays on it', async () => {
    // Read earlier, a CANCELLED policy on the cancel page's path sends the page to the policy root before the
    // router's (transition) update to the confirmation commits: CI saw that on a slow machine.
    const reads = cancelledPolicyReads(
      samplePolicy({ policyDetail: cancelledAt('2026-11-23T10:15:00.000Z') }),
    );
    const { router } = setup(`${root}/cancel`, {
      extra: (method, path) => {
        const read = reads.answer(path);
        if (read) return read;
        if (path === `/policies/${id}/cancellation`)
          return reply(endpoints.getCancellationOptions, options());
        if (method === 'POST' && path === '/policyAdjustments')
          return reply(endpoints.createPolicyAdjustment, adjustment(false), 201);
        if (method === 'POST' && path === `/policyAdjustments/${adjustmentId}/commit`) {
          reads.committed = true;
          return reply(endpoints.commitPolicyAdjustment, adjustment(true));
        }
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'I found a better price' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel my policy' }));
    await screen.findByTestId('cancellation-confirmation');
    await waitFor(() => expect(reads.confirmationShownWhenRead).toEqual([true]));
    expect(router.state.location.pathname).toBe(`${root}/cancel/confirm`);
    expect(screen.getByTestId('cancellation-confirmation')).toBeVisible();
  });

  it('standard: a later day is sent as 00:00 London that day; the confirmation says when cover ends', async () => {
    const { calls } = setup(`${root}/cancel`, {
      extra: (method, path) => {
        if (path === `/policies/${id}/cancellation`)
          return reply(endpoints.getCancellationOptions, options({ type: 'Standard' }));
        if (method === 'POST' && path === '/policyAdjustments')
          return reply(endpoints.createPolicyAdjustment, adjustment(false, false), 201);
        if (path.startsWith(`/policyAdjustments/${adjustmentId}`))
          return reply(endpoints.commitPolicyAdjustment, adjustment(true, false));
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'I found a better price' }));
    await userEvent.click(screen.getByRole('radio', { name: 'On a later day' }));
    const submit = screen.getByRole('button', { name: 'Cancel my policy' });
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox'), later);
    await userEvent.click(submit);
    expect(await screen.findByTestId('cancellation-confirmation')).toHaveTextContent(
      `Your cover ends at 00:00 on ${formatLondon(startOfDayLondon(later), 'EEEE d MMMM yyyy')}. You are covered until then.`,
    );
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toMatchObject({
      reason: 'Price',
      effectiveAt: startOfDayLondon(later).toISOString(),
    });
  });

  it('standard: cancelling now that would leave money owed says how much before the customer confirms (ADR 383)', async () => {
    setup(`${root}/cancel`, {
      extra: (_m, path) =>
        path === `/policies/${id}/cancellation`
          ? reply(
              endpoints.getCancellationOptions,
              options({ type: 'Standard', refundIfNowPence: 0, owedIfNowPence: 20 }),
            )
          : undefined,
    });
    expect(await screen.findByText('£0.20 will still be to pay.')).toBeVisible();
    expect(screen.queryByText(/We will refund/)).toBeNull();
  });

  it('a policy that cannot be cancelled says so and sends nothing', async () => {
    const { calls } = setup(`${root}/cancel`, {
      extra: (_m, path) =>
        path === `/policies/${id}/cancellation`
          ? reply(endpoints.getCancellationOptions, options({ allowed: false }))
          : undefined,
    });
    expect(await screen.findByTestId('cancel-not-allowed')).toHaveTextContent(
      'This policy cannot be cancelled',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the confirmation shows for a cancelled policy too', async () => {
    setup(`${root}/cancel/confirm`, {
      policy: samplePolicy({
        policyDetail: { policyStatus: 'CANCELLED', terminatedAt: '2026-11-10T09:00:00.000Z' },
      }),
    });
    expect(await screen.findByTestId('cancellation-confirmation')).toHaveTextContent(
      'Your cover ended at 09:00 on Tuesday 10 November 2026.',
    );
  });

  it('a cancellation that leaves money owed says how much is still to pay, and where to pay it (ADR 383)', async () => {
    const owing = adjustment(true);
    owing.cancellation = { ...owing.cancellation, creditPence: -20, refundPence: 0, owedPence: 20 };
    setup(`${root}/cancel/confirm?adjustment=${adjustmentId}`, {
      extra: (_m, path) =>
        path === `/policyAdjustments/${adjustmentId}`
          ? reply(endpoints.getPolicyAdjustment, owing)
          : undefined,
    });
    expect(await screen.findByTestId('owed')).toHaveTextContent(
      '£0.20 is still to pay for your cover. You can pay it from the Billing tab of your policy, or call us.',
    );
    const confirmation = screen.getByTestId('cancellation-confirmation');
    expect(confirmation).not.toHaveTextContent('There is nothing to refund.');
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it('a PENDING policy cancelled in cooling-off: the confirmation says it will not start (issue 28)', async () => {
    setup(`${root}/cancel/confirm`, {
      policy: samplePolicy({
        policyDetail: {
          policyStatus: 'CANCELLED',
          inceptedAt: '2026-12-04T00:00:00.000Z',
          terminatedAt: '2026-11-27T21:28:00.000Z',
        },
      }),
    });
    const confirmation = await screen.findByTestId('cancellation-confirmation');
    expect(confirmation).toHaveTextContent('Your policy will not start');
    expect(confirmation).not.toHaveTextContent('Your cover ended');
  });
});

describe('mid-term changes (spec 3 §4)', () => {
  const adjustmentId = '7d1e2f30-4b5c-4d6e-8f70-8192a3b4c5d6';
  const change = (
    o: { confirmed?: boolean; ratingStatus?: 'QUOTE' | 'REFERRAL'; expiresAt?: string } = {},
  ) => ({
    adjustmentId,
    policyId: id,
    adjustmentType: 'MTA' as const,
    reason: null,
    changes: [{ changeType: 'REMOVE_COVER', coverCode: 'ncb_protection' }],
    effectiveAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: o.expiresAt ?? '2099-01-01T00:00:00.000Z',
    confirmed: o.confirmed ?? false,
    confirmedAt: o.confirmed ? '2026-11-23T10:01:00.000Z' : null,
    verificationClear: true,
    updatedPolicyVersions: [
      {
        startedAt: '2026-11-23T10:00:00.000Z',
        ratingStatus: o.ratingStatus ?? ('QUOTE' as const),
        quote: sampleQuote() as unknown as Record<string, unknown>,
      },
    ],
    prorataPremium: -250,
    cancellation: null,
  });

  it('add-ons: a removed cover is sent as one change; the review shows the new price and the difference; confirmed, the result', async () => {
    let confirmed = false;
    const { router, calls } = setup(`${root}/add-ons`, {
      extra: (method, path) => {
        if (method === 'POST' && path === '/policyAdjustments')
          return reply(endpoints.createPolicyAdjustment, change(), 201);
        if (method === 'POST' && path === `/policyAdjustments/${adjustmentId}/commit`) {
          confirmed = true;
          return reply(endpoints.commitPolicyAdjustment, change({ confirmed: true }));
        }
        if (path === `/policyAdjustments/${adjustmentId}`)
          return reply(endpoints.getPolicyAdjustment, change({ confirmed }));
        return undefined;
      },
    });
    await screen.findByTestId('add-ons-page');
    const seePrice = screen.getByRole('button', { name: 'See my new price' });
    expect(seePrice).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'No thanks' }));
    await userEvent.click(seePrice);
    expect(await screen.findByTestId('new-price')).toHaveTextContent(
      'Your new price is £60.00 a month, including Insurance Premium Tax.',
    );
    expect(screen.getByTestId('difference')).toHaveTextContent(
      'For the rest of this period you get £2.50 back.',
    );
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toEqual({
      adjustmentType: 'MTA',
      policyId: id,
      changes: [{ changeType: 'REMOVE_COVER', coverCode: 'ncb_protection' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByTestId('adjustment-result')).toHaveTextContent(
      'The change applies immediately.',
    );
    expect(router.state.location.pathname).toBe(`${root}/management/adjustment/${adjustmentId}/result`);
  });

  it('a referred change needs the agreement tick; the destructive confirm cancels the policy at once', async () => {
    const cancellationId = '7e1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const cancelled = {
      ...change({ confirmed: true }),
      adjustmentId: cancellationId,
      adjustmentType: 'CANCELLATION' as const,
      reason: `Referred|${adjustmentId}`,
      changes: [],
      updatedPolicyVersions: [],
      cancellation: {
        type: 'CoolingOff' as const,
        immediate: true,
        terminatesAt: '2026-11-23T10:05:00.000Z',
        creditPence: 3_000,
        refundPence: 3_000,
        owedPence: 0,
        refundWorkingDays: { min: 7, max: 10 },
      },
    };
    // Once cancelled, the policy takes no changes: read before the confirmation shows, the review would flash
    // the "changes blocked" window on its way there.
    const reads = cancelledPolicyReads(
      samplePolicy({ adjustmentsAllowed: false, policyDetail: cancelledAt('2026-11-23T10:05:00.000Z') }),
    );
    const { router, calls } = setup(`${root}/management/adjustment/${adjustmentId}`, {
      extra: (method, path) => {
        const read = reads.answer(path);
        if (read) return read;
        if (method === 'POST' && path === `/policyAdjustments/${adjustmentId}/commit`) {
          reads.committed = true;
          return reply(endpoints.commitPolicyAdjustment, cancelled);
        }
        if (path === `/policyAdjustments/${adjustmentId}`)
          return reply(endpoints.getPolicyAdjustment, change({ ratingStatus: 'REFERRAL' }));
        if (path === `/policyAdjustments/${cancellationId}`)
          return reply(endpoints.getPolicyAdjustment, cancelled);
        return undefined;
      },
    });
    expect(await screen.findByTestId('adjustment-review')).toHaveAttribute('data-outcome', 'referred');
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    const go = screen.getByRole('button', { name: 'Make the change and cancel my policy' });
    expect(go).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /my cover ends and my policy is cancelled/ }));
    await userEvent.click(go);
    expect(await screen.findByTestId('cancellation-confirmation')).toHaveTextContent(
      'We are refunding £30.00',
    );
    expect(router.state.location.pathname).toBe(`${root}/cancel/confirm`);
    expect(calls.find((c) => c.path.endsWith('/commit'))?.body).toEqual({ acceptCancellation: true });
    await waitFor(() => expect(reads.confirmationShownWhenRead).toEqual([true]));
    expect(screen.queryByTestId('adjustments-blocked-modal')).toBeNull();
  });

  it('a referred change cannot be confirmed; an expired one is gone; an unchanged excess sends nothing', async () => {
    setup(`${root}/management/adjustment/${adjustmentId}`, {
      extra: (_m, path) =>
        path === `/policyAdjustments/${adjustmentId}`
          ? reply(
              endpoints.getPolicyAdjustment,
              change({ ratingStatus: 'REFERRAL', expiresAt: '2020-01-01T00:00:00.000Z' }),
            )
          : undefined,
    });
    expect(await screen.findByTestId('adjustment-review')).toHaveAttribute('data-outcome', 'referred');
    expect(screen.getByTestId('error-gone')).toHaveTextContent(
      'Please discard this change and make it again.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make the change and cancel my policy' })).toBeNull();
  });

  it('an unchanged excess sends nothing and goes back to the policy', async () => {
    const { router, calls } = setup(`${root}/excess`);
    await screen.findByTestId('excess-page');
    await userEvent.click(screen.getByRole('button', { name: 'See my new price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('a change waiting to take effect (ADR 401)', () => {
  // A week ahead (London midnight), so the change is still to come whenever the test runs.
  const changeAt = startOfDayLondon(addDaysIso(todayInLondon(), 7)).toISOString();
  const changeWords = `00:00 on ${formatLondon(changeAt, 'd MMMM yyyy')}`;
  const waiting = () =>
    samplePolicy({
      versions: [
        { versionNumber: 1, startedAt: '2026-11-01T00:00:00.000Z' },
        { versionNumber: 2, startedAt: changeAt },
      ],
      latestPolicyVersion: {
        versionNumber: 2,
        startedAt: changeAt,
        quote: { ...sampleQuote(), voluntaryExcess: 300 } as unknown as Record<string, unknown>,
      },
    });

  it('the excess page starts from the policy as it will be then, and says so; unchanged, it sends nothing', async () => {
    const { router, calls } = setup(`${root}/excess`, { policy: waiting() });
    await screen.findByTestId('excess-page');
    expect(screen.getByTestId('waiting-change')).toHaveTextContent(
      `Your policy already has a change from ${changeWords}. This is your voluntary excess from then`,
    );
    expect(screen.getByRole('radio', { name: '£300' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'See my new price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the details tab shows the cover now and names the change to come', async () => {
    setup(`${root}/details`, { policy: waiting() });
    const notice = await screen.findByTestId('waiting-change');
    expect(notice).toHaveTextContent(`Your policy changes from ${changeWords}.`);
    expect(within(notice).getByRole('link', { name: 'See your documents' })).toHaveAttribute(
      'href',
      `${root}/documents`,
    );
  });

  it('two changes waiting: the details tab names the first, the add-ons page the last (a change applies from it)', async () => {
    const later = startOfDayLondon(addDaysIso(todayInLondon(), 8)).toISOString();
    const two = samplePolicy({
      versions: [
        { versionNumber: 1, startedAt: '2026-11-01T00:00:00.000Z' },
        { versionNumber: 2, startedAt: changeAt },
        { versionNumber: 3, startedAt: later },
      ],
      latestPolicyVersion: {
        versionNumber: 3,
        startedAt: later,
        quote: sampleQuote() as unknown as Record<string, unknown>,
      },
    });
    setup(`${root}/details`, { policy: two });
    expect(await screen.findByTestId('waiting-change')).toHaveTextContent(
      `Your policy changes from ${changeWords}.`,
    );
    cleanup();
    setup(`${root}/add-ons`, { policy: two });
    await screen.findByTestId('add-ons-page');
    expect(screen.getByTestId('waiting-change')).toHaveTextContent(
      `Your policy already has a change from 00:00 on ${formatLondon(later, 'd MMMM yyyy')}.`,
    );
  });

  it('no change waiting: no notice', async () => {
    setup(`${root}/details`);
    await screen.findByRole('heading', { name: 'Policy FCM10000001' });
    expect(screen.queryByTestId('waiting-change')).toBeNull();
  });
});

describe('staff choose the effective date (spec 3 §4, §5)', () => {
  it('a date before inception is refused with its message; backdating to inception sends the inception', async () => {
    const { calls } = setup(`${root}/add-ons`, { admin: true });
    await screen.findByTestId('add-ons-page');
    await userEvent.click(screen.getByRole('radio', { name: 'No thanks' }));
    await userEvent.click(screen.getByRole('button', { name: 'See my new price' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Another date' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Date/ }), '2026-10-01');
    expect(dialog).toHaveTextContent('The date must be on or after the inception date, 2026-11-01.');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Backdate to inception' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/policyAdjustments')).toBe(true));
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toMatchObject({
      changes: [{ changeType: 'REMOVE_COVER', coverCode: 'ncb_protection' }],
      effectiveAt: '2026-11-01T00:00:00.000Z',
    });
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

// Whole forms rendered and filled: more than the default 5 s on a busy machine.
describe('management pages (spec 3 §2, §4, §5)', { timeout: 30_000 }, () => {
  const config = {
    ...testConfig,
    productConfig: productConfigSchema.parse(product.productConfig),
  } as typeof testConfig;
  /** The management pages load lazily with the journeys' texts: the first may take a while in a busy run. */
  const LAZY = { timeout: 10_000 };
  const customer = sampleCustomer;
  const answers = sampleProposalData(todayInLondon());
  answers.profiles.push(sampleAdditionalDriver(todayInLondon(), 'p1'));
  const policy = samplePolicy({ answers: answers as unknown as Record<string, unknown> });
  const adjustmentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
  const made = {
    adjustmentId,
    policyId: id,
    adjustmentType: 'MTA' as const,
    reason: null,
    changes: [],
    effectiveAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    confirmed: false,
    confirmedAt: null,
    verificationClear: true,
    updatedPolicyVersions: [
      {
        startedAt: '2026-11-23T10:00:00.000Z',
        ratingStatus: 'QUOTE' as const,
        quote: sampleQuote() as unknown as Record<string, unknown>,
      },
    ],
    prorataPremium: 412,
    cancellation: null,
  };
  const making = (method: string, path: string) => {
    if (method === 'POST' && path === '/policyAdjustments')
      return reply(endpoints.createPolicyAdjustment, made, 201);
    if (path === `/policyAdjustments/${adjustmentId}`) return reply(endpoints.getPolicyAdjustment, made);
    return undefined;
  };

  it('with a change waiting to take effect, says its details are as they will be then (ADR 401)', async () => {
    const waiting = samplePolicy({
      answers: answers as unknown as Record<string, unknown>,
      latestPolicyVersion: {
        versionNumber: 2,
        startedAt: startOfDayLondon(addDaysIso(todayInLondon(), 7)).toISOString(),
        quote: sampleQuote() as unknown as Record<string, unknown>,
      },
    });
    const words = `00:00 on ${formatLondon(waiting.latestPolicyVersion?.startedAt ?? '', 'd MMMM yyyy')}`;
    setup(`${root}/management`, { user: customer, policy: waiting, config });
    await screen.findByTestId('management', {}, LAZY);
    expect(screen.getByTestId('waiting-change')).toHaveTextContent(
      `Your policy already has a change from ${words}. Your details here are as they will be from then`,
    );
  });

  it('lists the configured sections; nothing says it is not available', async () => {
    setup(`${root}/management`, { user: customer, policy, config });
    const list = await screen.findByTestId('management', {}, LAZY);
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Your car', 'Your address', 'Drivers', 'How you use your car']),
    );
    expect(names).not.toContain('Your cover');
    expect(screen.queryByTestId('not-available')).toBeNull();
  });

  it('a customer sees name and date of birth read-only and sends only what changed, then the review', async () => {
    const { router, calls } = setup(`${root}/management/section/about-you`, {
      user: customer,
      policy,
      config,
      extra: making,
    });
    await screen.findByTestId('management-section', {}, LAZY);
    const readOnly = document.querySelectorAll('fieldset[disabled][data-read-only]');
    expect([...readOnly].map((f) => f.getAttribute('data-read-only'))).toEqual(['name', 'dateOfBirth']);
    const marital = document.querySelector('[data-question="maritalStatus"] select') as HTMLSelectElement;
    await userEvent.selectOptions(marital, 'Single');
    await userEvent.click(screen.getByRole('button', { name: 'See my new price' }));
    await screen.findByTestId('adjustment-review');
    expect(screen.getByTestId('difference')).toHaveTextContent('the change costs £4.12');
    // The factor trace beside the price: the same risk here, so nothing that sets the price changes.
    expect(screen.getByTestId('price-trace')).toHaveTextContent('Nothing that sets your price changes.');
    expect(router.state.location.pathname).toBe(`${root}/management/adjustment/${adjustmentId}`);
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toEqual({
      adjustmentType: 'MTA',
      policyId: id,
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'policyholder',
          update: { path: 'maritalStatus', value: 'Single' },
        },
      ],
    });
  });

  it('staff changing a policy whose renewal is quoted are told the change does not reach it (ADR 404)', async () => {
    const staffConfig = { ...config, features: { ...config.features, isAdmin: true } };
    const renewing = sampleStanding({ headline: 'active', facts: ['active', 'renewing'] });
    const quoted = samplePolicy({
      ...policy,
      inRenewalWindow: true,
      renewalProposal: 'RNW0000042',
      standing: renewing,
    });
    setup(`${root}/management/section/using-the-car`, {
      user: customer,
      policy: quoted,
      config: staffConfig,
    });
    await screen.findByTestId('management-section', {}, LAZY);
    const notice = screen.getByTestId('renewal-quoted');
    expect(notice).toHaveTextContent('A change made here does not reach the renewal quote');
    expect(within(notice).getByRole('link', { name: 'Open the renewal quote' })).toHaveAttribute(
      'href',
      '/car-insurance/renewal/RNW0000042',
    );
    // Also on the excess page, and while it renews only once what is owed is paid (ADR 400).
    cleanup();
    const owing = sampleStanding({ renewal: { state: 'owing', anniversaryAt: '2027-11-01T00:00:00.000Z' } });
    setup(`${root}/excess`, { user: customer, policy: { ...quoted, standing: owing }, config: staffConfig });
    expect(await screen.findByTestId('renewal-quoted')).toBeInTheDocument();
    // Not on a page that changes nothing, not before the renewal is quoted, not outside the window, and not when
    // the policy will not renew from the quote: opted out, referred, or a cancellation set.
    cleanup();
    setup(`${root}/details`, { user: customer, policy: quoted, config: staffConfig });
    await screen.findByRole('heading', { name: 'Policy FCM10000001' });
    expect(screen.queryByTestId('renewal-quoted')).toBeNull();
    const anniversaryAt = '2027-11-01T00:00:00.000Z';
    for (const other of [
      { ...quoted, renewalProposal: null },
      { ...quoted, inRenewalWindow: false },
      { ...quoted, standing: sampleStanding({ renewal: { state: 'optedOut', anniversaryAt } }) },
      {
        ...quoted,
        standing: sampleStanding({
          facts: ['referred', 'active'],
          renewal: { state: 'referred', anniversaryAt },
        }),
      },
      {
        ...quoted,
        standing: sampleStanding({
          facts: ['ending', 'active'],
          renewal: null,
          ending: { endsAt: anniversaryAt },
        }),
      },
    ]) {
      cleanup();
      setup(`${root}/management/section/using-the-car`, {
        user: customer,
        policy: other,
        config: staffConfig,
      });
      await screen.findByTestId('management-section', {}, LAZY);
      expect(screen.queryByTestId('renewal-quoted')).toBeNull();
    }
    // A customer in the window gets the blocked modal, never this notice.
    cleanup();
    setup(`${root}/management/section/using-the-car`, { user: customer, policy: quoted, config });
    await screen.findByRole('dialog', { name: 'Your policy is being renewed' });
    expect(screen.queryByTestId('renewal-quoted')).toBeNull();
  });

  it('claims are read-only for staff without action:mta-claims; the NCD is not read-only for staff', async () => {
    setup(`${root}/management/section/claims-history`, {
      user: customer,
      policy,
      config: { ...config, features: { ...config.features, isAdmin: true } },
    });
    await screen.findByTestId('management-section', {}, LAZY);
    // 'Any claims?' stands for the disclosed claims (the list shows only when there are any).
    expect(document.querySelector('fieldset[data-read-only="hasClaims"]')).not.toBeNull();
    cleanup();
    setup(`${root}/management/section/your-no-claims-bonus`, {
      user: customer,
      policy,
      config: { ...config, features: { ...config.features, isAdmin: true } },
    });
    await screen.findByTestId('management-section', {}, LAZY);
    expect(document.querySelector('fieldset[data-read-only]')).toBeNull();
  });

  it('drivers: removing one is a change to review; add opens the driver form', async () => {
    const { router, calls } = setup(`${root}/management/section/additional-drivers`, {
      user: customer,
      policy,
      config,
      extra: making,
    });
    const list = await screen.findByTestId('management-drivers', {}, LAZY);
    expect(list).toHaveTextContent('Alex Taylor');
    expect(list).toHaveTextContent('You can add 3 more drivers.');
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    await screen.findByTestId('adjustment-review');
    expect(calls.find((c) => c.path === '/policyAdjustments')?.body).toMatchObject({
      changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
    });
    expect(router.state.location.pathname).toBe(`${root}/management/adjustment/${adjustmentId}`);
    cleanup();
    setup(`${root}/management/section/additional-drivers/profile`, { user: customer, policy, config });
    expect(await screen.findByRole('heading', { name: 'Add a driver' }, LAZY)).toBeInTheDocument();
    // A new driver discloses everything: nothing is read-only.
    expect(document.querySelector('fieldset[data-read-only]')).toBeNull();
  });

  it('in the renewal window a customer gets the change-blocked modal; a 409 from the server opens it too', async () => {
    setup(`${root}/management/section/using-the-car`, {
      user: customer,
      policy: samplePolicy({ ...policy, inRenewalWindow: true }),
      config,
    });
    expect(await screen.findByRole('dialog', { name: 'Your policy is being renewed' })).toBeInTheDocument();
    cleanup();
    setup(`${root}/management/section/using-the-car`, {
      user: customer,
      policy,
      config,
      extra: (method, path) =>
        method === 'POST' && path === '/policyAdjustments'
          ? {
              status: 409,
              body: {
                code: 'CONFLICT',
                message: 'Your policy is being renewed',
                details: { reason: 'CHANGE_BLOCKED_RENEWAL_WINDOW' },
              },
            }
          : undefined,
    });
    await screen.findByTestId('management-section', {}, LAZY);
    const where = document.querySelector('[data-question="overnightLocation"] select') as HTMLSelectElement;
    await userEvent.selectOptions(where, 'GarageLockedNearHome');
    await userEvent.click(screen.getByRole('button', { name: 'See my new price' }));
    expect(await screen.findByRole('dialog', { name: 'Your policy is being renewed' })).toBeInTheDocument();
  });

  it('the sidebar offers Cancel policy only when the server says cancellation is allowed', async () => {
    setup(root, {
      user: customer,
      policy,
      extra: (_m, path) =>
        path === `/policies/${id}/cancellation`
          ? reply(endpoints.getCancellationOptions, {
              allowed: false,
              type: 'Standard',
              reasons: ['Price'],
              deferralDays: 30,
              latestDay: '2026-12-31',
              refundIfNowPence: 0,
              owedIfNowPence: 0,
            })
          : undefined,
    });
    const sidebar = await screen.findByRole('complementary', { name: 'Manage your policy' });
    await waitFor(() =>
      expect(within(sidebar).getByRole('link', { name: 'Update your details' })).toBeVisible(),
    );
    expect(within(sidebar).queryByRole('link', { name: 'Cancel policy' })).toBeNull();
  });
});

describe('a dearer change of a policy paid in full is paid first (ADR 300)', () => {
  const adjustmentId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
  const sessionId = 'cs_test_mta';
  const change = (confirmed = false) => ({
    adjustmentId,
    policyId: id,
    adjustmentType: 'MTA' as const,
    reason: null,
    changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    effectiveAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    confirmed,
    confirmedAt: confirmed ? '2026-11-23T10:01:00.000Z' : null,
    verificationClear: true,
    updatedPolicyVersions: [
      {
        startedAt: '2026-11-23T10:00:00.000Z',
        ratingStatus: 'QUOTE' as const,
        quote: sampleQuote() as unknown as Record<string, unknown>,
      },
    ],
    prorataPremium: 1_234,
    paymentDue: 1_234,
    cancellation: null,
  });
  const payment = {
    paymentId: 'pay-1',
    purpose: 'mta' as const,
    reference: adjustmentId,
    amount: 1_234,
    currency: 'GBP' as const,
    status: 'PENDING' as const,
    declineCode: null,
  };
  const session = (status: 'complete' | 'failed', declineCode: string | null = null) => ({
    sessionId,
    kind: 'checkout' as const,
    status,
    declineCode,
    paymentId: 'pay-1',
    clientReference: 'pay-1',
  });

  it('Confirm takes the payment on the hosted card page (no commit first), returning to the payment page', async () => {
    const go = vi.spyOn(hostedPage, 'go').mockImplementation(() => undefined);
    windowSpy = go;
    const { calls } = setup(`${root}/management/adjustment/${adjustmentId}`, {
      extra: (method, path) => {
        if (path === `/policyAdjustments/${adjustmentId}`)
          return reply(endpoints.getPolicyAdjustment, change());
        if (method === 'POST' && path === '/customerPayments/checkout/mta')
          return reply(endpoints.createMtaPayment, payment);
        if (method === 'POST' && path === '/stripe/checkout')
          return reply(endpoints.createCardCheckout, { sessionId, url: 'https://pay.example/cs_test_mta' });
        return undefined;
      },
    });
    expect(await screen.findByTestId('payment-due')).toHaveTextContent('we take the £12.34 by card now');
    expect(screen.queryByRole('button', { name: 'Confirm the change' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £12.34 and make the change' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_test_mta'));
    expect(calls.find((c) => c.path === '/customerPayments/checkout/mta')?.body).toEqual({ adjustmentId });
    const checkout = calls.find((c) => c.path === '/stripe/checkout')?.body as Record<string, string>;
    expect(checkout.paymentId).toBe('pay-1');
    expect(checkout.successUrl).toMatch(
      new RegExp(
        `${root}/management/adjustment/${adjustmentId}/payment\\?session_id=\\{CHECKOUT_SESSION_ID\\}$`,
      ),
    );
    expect(checkout.cancelUrl).toMatch(new RegExp(`${root}/management/adjustment/${adjustmentId}$`));
    expect(calls.some((c) => c.path.endsWith('/commit'))).toBe(false);
  });

  it('back from a paid session: the change is confirmed and the result shows', async () => {
    let confirmed = false;
    const { router } = setup(
      `${root}/management/adjustment/${adjustmentId}/payment?session_id=${sessionId}`,
      {
        extra: (method, path) => {
          if (path === `/stripe/sessions/${sessionId}`)
            return reply(endpoints.getCardSession, session('complete'));
          if (method === 'POST' && path === `/policyAdjustments/${adjustmentId}/commit`) {
            confirmed = true;
            return reply(endpoints.commitPolicyAdjustment, change(true));
          }
          if (path === `/policyAdjustments/${adjustmentId}`)
            return reply(endpoints.getPolicyAdjustment, change(confirmed));
          return undefined;
        },
      },
    );
    expect(await screen.findByTestId('adjustment-result')).toHaveTextContent('Your policy has been changed');
    expect(router.state.location.pathname).toBe(`${root}/management/adjustment/${adjustmentId}/result`);
  });

  it('back from a declined card: the review again, with the decline shown and nothing confirmed', async () => {
    const { router, calls } = setup(
      `${root}/management/adjustment/${adjustmentId}/payment?session_id=${sessionId}`,
      {
        extra: (_method, path) => {
          if (path === `/stripe/sessions/${sessionId}`)
            return reply(endpoints.getCardSession, session('failed', 'card_declined'));
          if (path === `/policyAdjustments/${adjustmentId}`)
            return reply(endpoints.getPolicyAdjustment, change());
          return undefined;
        },
      },
    );
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent('Your card was declined');
    expect(router.state.location.pathname).toBe(`${root}/management/adjustment/${adjustmentId}`);
    expect(screen.getByRole('button', { name: 'Pay £12.34 and make the change' })).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/commit'))).toBe(false);
  });
});

describe('the permission flag (spec 3 §4 step 9, ADR 301)', () => {
  const customer = {
    userId: 'customer-1',
    connection: 'email',
    picture: undefined,
    roles: [],
    permissions: [],
    username: 'sam.taylor@example.com',
    firstName: 'Sam',
    lastName: 'Taylor',
  } satisfies SessionUser;
  const off = samplePolicy({ adjustmentsAllowed: false });

  it('off: the change routes show the blocked modal, and the sidebar links open it instead', async () => {
    for (const path of ['management', 'excess', 'add-ons']) {
      const { router } = setup(`${root}/${path}`, { user: customer, policy: off });
      const dialog = await screen.findByRole('dialog', { name: 'Your policy cannot be changed online' });
      const closes = within(dialog).getAllByRole('button', { name: 'Close' });
      await userEvent.click(closes[closes.length - 1] as HTMLElement);
      await waitFor(() => expect(router.state.location.pathname).toBe(root));
      cleanup();
    }
    const { router } = setup(`${root}/details`, { user: customer, policy: off });
    const sidebar = await screen.findByRole('complementary', { name: 'Manage your policy' });
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Update your details' }));
    expect(await screen.findByTestId('adjustments-blocked-modal')).toBeVisible();
    expect(router.state.location.pathname).toBe(`${root}/details`);
  });

  it('staff acting for the customer are not bound by it', async () => {
    setup(`${root}/excess`, { user: customer, policy: off, admin: true });
    await screen.findByRole('heading', { name: 'Your voluntary excess' });
    expect(screen.queryByTestId('adjustments-blocked')).toBeNull();
  });
});

describe('where the policy stands (issue 28, ADR 352)', () => {
  const pendingDebit = sampleStanding({
    headline: 'pendingCollection',
    pendingCollection: { amount: 4_677, chargeAt: '2026-12-02T00:00:00.000Z', statementNumbers: [2] },
    nextPayment: {
      amount: 4_677,
      dueAt: '2027-01-05T00:00:00.000Z',
      method: 'BACS_DEBIT',
      coverEndsAt: null,
    },
  });

  it('a Direct Debit being collected is not arrears: no "please pay it now", no Pay now; the next payment is one month', async () => {
    setup(`${root}/billing`, {
      policy: samplePolicy({ standing: pendingDebit }),
      account: sampleAccount({
        paymentMethodType: 'BACS_DEBIT',
        outstandingAmount: 4_677,
        accountBalance: 4_677,
        paymentMethod: { display: 'Barclays ••••9911', mandateStatus: 'ACTIVE' },
      }),
      extra: billingMocks,
      // What the old estimate said (twice the month): the tab no longer reads it.
      estimate: { paymentDueAt: '2026-11-28T00:00:00.000Z', amount: 9_354 },
    });
    expect(await screen.findByTestId('pending-collection')).toHaveTextContent(
      'Your Direct Debit will be taken on or after 2 December 2026.',
    );
    expect(screen.getByText('£46.77 is being collected')).toBeVisible();
    expect(screen.queryByText('We could not take your last payment. Please pay it now.')).toBeNull();
    expect(screen.queryByTestId('pay-outstanding')).toBeNull();
    expect(screen.getByTestId('next-payment')).toHaveTextContent('£46.77 on 5 January 2027');
    expect(screen.getByTestId('next-payment-how')).toHaveTextContent('By Direct Debit.');
    expect(screen.queryByText('Payment missed')).toBeNull();
  });

  it('arrears: the policy page says so on every tab, with the way to billing', async () => {
    setup(root, {
      policy: samplePolicy({
        standing: sampleStanding({
          headline: 'arrears',
          arrears: { amount: 10_019, statementNumbers: [2], why: 'failed' },
        }),
      }),
    });
    expect(await screen.findByText('We could not take a payment of £100.19')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', `${root}/billing`);
  });

  it('a payment taken back (a charge back or a dispute, ADR 384, 392): every tab and the billing tab say so, not that a payment failed', async () => {
    const takenBack = samplePolicy({
      standing: sampleStanding({
        headline: 'arrears',
        arrears: { amount: 10_019, statementNumbers: [2], why: 'takenBack' },
      }),
    });
    setup(root, { policy: takenBack });
    expect(await screen.findByText('£100.19 is owed again')).toBeVisible();
    expect(screen.getByTestId('standing-arrears')).toHaveTextContent(
      'Your bank or card provider took back a payment you made. Please pay it now to keep your cover.',
    );
    expect(screen.queryByText(/We could not take/)).toBeNull();
    cleanup();
    setup(`${root}/billing`, {
      policy: takenBack,
      account: sampleAccount({
        accountStatus: 'SUSPENDED',
        outstandingAmount: 10_019,
        accountBalance: 10_019,
      }),
      extra: billingMocks,
    });
    expect(await screen.findByText('Outstanding balance: £100.19')).toBeVisible();
    expect(
      screen.getByText(
        /^This account is suspended because your bank or card provider took back a payment you made\./,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/because payments failed/)).toBeNull();
  });

  it('ending: no renewal wording and no toggle; the next payment is only the days on cover', async () => {
    setup(`${root}/billing`, {
      policy: samplePolicy({
        policyDetail: { terminatedAt: '2026-12-17T00:00:00.000Z' },
        standing: sampleStanding({
          headline: 'ending',
          ending: { endsAt: '2026-12-17T00:00:00.000Z' },
          renewal: null,
          nextPayment: {
            amount: 2_615,
            dueAt: '2026-12-13T00:00:00.000Z',
            method: 'CARD',
            coverEndsAt: '2026-12-17T00:00:00.000Z',
          },
        }),
      }),
      extra: billingMocks,
    });
    expect(await screen.findByTestId('next-payment')).toHaveTextContent('£26.15 on 13 December 2026');
    expect(screen.getByTestId('next-payment-how')).toHaveTextContent('For your cover up to 17 December 2026');
    expect(screen.queryByTestId('auto-renewal')).toBeNull();
    expect(screen.queryByText(/Auto-renewal/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change auto-renewal' })).toBeNull();
  });

  it('a referred renewal says we cannot renew automatically, with no toggle', async () => {
    setup(root, {
      policy: samplePolicy({
        standing: sampleStanding({
          headline: 'referred',
          renewal: { state: 'referred', anniversaryAt: '2026-12-22T00:00:00.000Z' },
        }),
      }),
    });
    const panel = await screen.findByTestId('auto-renewal');
    expect(panel).toHaveTextContent('We cannot renew your policy automatically');
    expect(panel).not.toHaveTextContent('your cover continues after');
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('opted in while money is owed: auto-renewal says the policy renews only once it is paid (ADR 400)', async () => {
    setup(root, {
      policy: samplePolicy({
        standing: sampleStanding({
          headline: 'arrears',
          facts: ['arrears', 'active'],
          arrears: { amount: 4923, statementNumbers: [12], why: 'failed' },
          renewal: { state: 'owing', anniversaryAt: '2027-11-01T00:00:00.000Z' },
        }),
      }),
    });
    const panel = await screen.findByTestId('auto-renewal');
    expect(panel).toHaveTextContent(
      'on, but your policy renews on 1 November 2027 only if the outstanding balance is paid by then: otherwise your cover ends on 1 November 2027',
    );
    expect(panel).not.toHaveTextContent('your cover continues after');
    // The customer may still opt out.
    expect(within(panel).getByRole('button', { name: 'Change auto-renewal' })).toBeEnabled();
  });

  it('a pending policy cancelled before its start: will not start', async () => {
    setup(`${root}/billing`, {
      policy: samplePolicy(notStarting),
      extra: billingMocks,
    });
    expect(await screen.findByTestId('standing-not-starting')).toHaveTextContent(
      'It was cancelled before its start date, 4 December 2026, so you were never on cover.',
    );
    expect(screen.getByTestId('next-payment')).toHaveTextContent('There are no further payments');
    expect(screen.getByTestId('next-payment')).not.toHaveTextContent('27 November');
  });

  it('money paid back (ADR 405): on its way, with the day it should arrive, on every tab and the billing tab', async () => {
    const paying = samplePolicy({
      ...notStarting,
      standing: sampleStanding({
        headline: 'notStarting',
        facts: ['notStarting'],
        renewal: null,
        payingBack: {
          state: 'onItsWay',
          amount: 5212,
          method: 'CARD',
          reachesBy: '2026-12-11T00:00:00.000Z',
        },
      }),
    });
    setup(root, { policy: paying });
    expect(await screen.findByText('We are paying £52.12 back to you')).toBeVisible();
    expect(screen.getByTestId('standing-paying-back')).toHaveTextContent(
      'It goes back to the card you paid with, and should reach you by 11 December 2026. You do not need to do anything.',
    );
    cleanup();
    setup(`${root}/billing`, { policy: paying, extra: billingMocks });
    expect(await screen.findByText('We are paying £52.12 back to you')).toBeVisible();
  });

  it('a credit held after cover ended (ADR 405): paid back by the job, or, once a refund failed, a call asked for', async () => {
    const ended = (state: 'toPayBack' | 'held', method: 'CARD' | 'BACS_DEBIT' | null) =>
      samplePolicy({
        standing: sampleStanding({
          headline: 'lapsed',
          facts: ['lapsed'],
          renewal: null,
          ended: { status: 'LAPSED', endedAt: '2026-11-01T00:00:00.000Z', neverStarted: false },
          payingBack: { state, amount: 271, method, reachesBy: null },
        }),
      });
    setup(root, { policy: ended('toPayBack', null) });
    expect(await screen.findByText('Your account is £2.71 in credit')).toBeVisible();
    expect(screen.getByTestId('standing-paying-back')).toHaveTextContent(
      'We will pay it back to you the way you paid. You do not need to do anything.',
    );
    cleanup();
    setup(root, { policy: ended('held', 'BACS_DEBIT') });
    expect(await screen.findByText('Your account is £2.71 in credit')).toBeVisible();
    expect(screen.getByTestId('standing-paying-back')).toHaveTextContent(
      `We could not pay it back to the bank account your Direct Debit is paid from. Please call us on ${testConfig.contact.phone} and we will pay it back to you.`,
    );
  });

  it('a refund past the day it should have arrived (ADR 405): no date promised, and a call asked for if it does not come', async () => {
    setup(root, {
      policy: samplePolicy({
        standing: sampleStanding({
          payingBack: { state: 'onItsWay', amount: 700, method: 'CARD', reachesBy: null },
        }),
      }),
    });
    expect(await screen.findByText('We are paying £7.00 back to you')).toBeVisible();
    expect(screen.getByTestId('standing-paying-back')).toHaveTextContent(
      `It is taking longer than it should to reach you. If it has not arrived in a few days, please call us on ${testConfig.contact.phone}.`,
    );
    expect(screen.getByTestId('standing-paying-back')).not.toHaveTextContent(
      'You do not need to do anything',
    );
  });

  it('nothing owed back: no notice', async () => {
    setup(root, { policy: samplePolicy({ standing: sampleStanding() }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('standing-paying-back')).toBeNull();
  });
});

describe('billing tab: the statement list (issue 28 defect 10, ADR 355)', () => {
  const statement = (
    n: number,
    o: { raised: string; due: string; amount: number; status?: 'settled' | 'pending'; outstanding?: number },
  ) => ({
    ...summary(n, o.status ?? 'settled', o.due, o.outstanding ?? 0),
    createdAt: o.raised,
    amount: o.amount,
  });
  const rowsOf = (el: HTMLElement) =>
    within(el)
      .getAllByTestId('statement-row')
      .map((r) => r.textContent);

  it('lists the statements by the date each was raised, each with its amount, paid or not; one due later reads "due …"', async () => {
    setup(`${root}/billing`, {
      extra: (_method, path) =>
        path === '/customerAccounts/A1/statements'
          ? reply(endpoints.listStatements, [
              // Raised today, due by Direct Debit in four days.
              statement(3, {
                raised: '2026-11-28T06:00:00.000Z',
                due: '2026-12-02T00:00:00.000Z',
                amount: 4_677,
                status: 'pending',
                outstanding: 4_677,
              }),
              statement(2, {
                raised: '2026-11-16T06:00:00.000Z',
                due: '2026-11-16T06:00:00.000Z',
                amount: -11_068,
              }),
              // Paid at checkout on 8 November for cover from 4 December.
              statement(1, {
                raised: '2026-11-08T10:00:00.000Z',
                due: '2026-12-04T00:00:00.000Z',
                amount: 11_068,
              }),
            ])
          : undefined,
    });
    const latest = await screen.findByTestId('latest-statement');
    expect(rowsOf(latest)).toEqual(['Statement 328 November 2026£46.77due 2 December 2026Pending']);
    expect(rowsOf(screen.getByTestId('previous-statements'))).toEqual([
      // A credit settled is not "Paid": nothing was paid on it.
      'Statement 216 November 2026£110.68 creditSettled',
      'Statement 18 November 2026£110.68Paid',
    ]);
  });
});
