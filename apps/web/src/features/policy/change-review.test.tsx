import type { Adjustment, ChangePayment, ChangeSummary } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import { productConfigSchema } from '@forecourt/contracts/product-config';
import { addDaysIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import type { TraceEntry } from '@forecourt/domain/rating/types';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import product from '../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import { samplePolicy, sampleQuote } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { renderRoutes, sampleCustomer } from '../../app/test-render.tsx';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { WebConfig } from '../../lib/config.tsx';
import { testConfig } from '../../ui/test-utils.tsx';
import { PolicyPage } from './policy-page.tsx';

/**
 * Issue 28 defect 11: the review of a change leads with old → new in plain words and the difference, keeps
 * the factors behind "Why has my price changed?", says how the difference is paid in the server's words, and
 * lets the customer date the change ahead within the API's limits (ADR 356).
 */
afterEach(cleanup);

const policyId = '5b0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a11';
const root = `/car-insurance/policy/${policyId}`;
const adjustmentId = '2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f';
const later = new Date(Date.now() + 400 * 86_400_000).toISOString();

const trace = (group: number, value: number, driver = false): TraceEntry[] => [
  { factor: 'basePremium', input: null, premiumAfter: 40_000 },
  { factor: 'insuranceGroup', input: group, multiplier: group === 20 ? 1.41 : 1.554, premiumAfter: 50_000 },
  { factor: 'vehicleValue', input: value, multiplier: 1, premiumAfter: 50_000 },
  ...(driver ? [{ factor: 'additionalDriver:p1', input: 24, multiplier: 1.2, premiumAfter: 60_000 }] : []),
];
const oldQuote = sampleQuote({ trace: trace(20, 9750) });
const newQuote = sampleQuote({
  vrn: 'AB12 CDE',
  specification: { make: 'Volkswagen', model: 'Golf', trim: 'Life' },
  insuredProfiles: [
    { profileCode: 'policyholder', policyholder: true, data: { firstName: 'Sam', lastName: 'Taylor' } },
    { profileCode: 'p1', policyholder: false, data: { firstName: 'Alex', lastName: 'Taylor' } },
  ],
  trace: trace(23, 14_500, true),
});
const policy = samplePolicy({
  policyDetail: { expiredAt: later },
  currentPolicyVersion: {
    versionNumber: 1,
    startedAt: '2026-11-01T00:00:00.000Z',
    quote: oldQuote as unknown as Record<string, unknown>,
  },
});

const summary = (payment: Partial<ChangePayment> = {}): ChangeSummary => ({
  before: {
    vrn: 'AB19 CDE',
    car: 'Ford Focus Titanium',
    drivers: [{ profileCode: 'policyholder', name: 'Sam Taylor', policyholder: true }],
    price: 6_011,
    per: 'month',
  },
  after: {
    vrn: 'AB12 CDE',
    car: 'Volkswagen Golf Life',
    drivers: [
      { profileCode: 'policyholder', name: 'Sam Taylor', policyholder: true },
      { profileCode: 'p1', name: 'Alex Taylor', policyholder: false },
    ],
    price: 6_606,
    per: 'month',
  },
  perPayment: 595,
  total: 320,
  payment: {
    kind: 'next-payment',
    amount: 320,
    on: '2026-12-28T00:00:00.000Z',
    method: null,
    workingDays: null,
    ...payment,
  },
});

const change = (o: Partial<Adjustment> = {}): Adjustment => ({
  adjustmentId,
  policyId,
  adjustmentType: 'MTA',
  reason: null,
  changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'vrn', value: 'AB12CDE' } }],
  effectiveAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  expiresAt: '2099-01-01T00:00:00.000Z',
  confirmed: false,
  confirmedAt: null,
  verificationClear: true,
  updatedPolicyVersions: [
    {
      startedAt: new Date().toISOString(),
      ratingStatus: 'QUOTE',
      quote: newQuote as unknown as Record<string, unknown>,
    },
  ],
  prorataPremium: 320,
  paymentDue: 0,
  cancellation: null,
  summary: summary(),
  ...o,
});

function setup(
  url: string,
  adjustment: Adjustment,
  onPost?: (body: unknown) => Adjustment,
  o: { policy?: Policy; config?: WebConfig } = {},
) {
  const posted = new Map<string, Adjustment>();
  const calls = mockFetch((method, path, body) => {
    if (path === `/policies/${policyId}`) return reply(endpoints.getPolicy, o.policy ?? policy);
    if (path === `/policies/${policyId}/cancellation`)
      return reply(endpoints.getCancellationOptions, {
        allowed: true,
        type: 'Standard',
        reasons: ['Price'],
        deferralDays: 30,
        latestDay: '2026-12-31',
        refundIfNowPence: 0,
        owedIfNowPence: 0,
      });
    if (path.startsWith('/customerAccounts?')) return reply(endpoints.listCustomerAccounts, []);
    if (method === 'POST' && path === '/policyAdjustments' && onPost) {
      const made = onPost(body);
      posted.set(made.adjustmentId, made);
      return reply(endpoints.createPolicyAdjustment, made, 201);
    }
    if (path.startsWith('/policyAdjustments/')) {
      const id = path.split('/')[2];
      // A change made here is read back as it was made; any other id as the given one.
      const known = id ? posted.get(id) : undefined;
      return reply(
        endpoints.getPolicyAdjustment,
        known ?? { ...adjustment, adjustmentId: id ?? adjustmentId },
      );
    }
    return undefined;
  });
  const router = renderRoutes(
    [{ path: '/car-insurance/policy/:policyId/*', element: <PolicyPage /> }],
    url,
    o.config,
    o.config ? sampleCustomer : undefined,
  );
  return { router, calls };
}

describe('the review of a change in plain words (issue 28 defect 11)', () => {
  it('leads with old → new car, drivers by name and the monthly price, the difference and how it is paid', async () => {
    setup(`${root}/management/adjustment/${adjustmentId}`, change());
    const review = await screen.findByTestId('adjustment-review');
    const oldNew = within(review).getByTestId('change-old-new');
    const row = (name: string) => oldNew.querySelector(`[data-row="${name}"]`) as HTMLElement;
    expect(row('car')).toHaveTextContent('Now: AB19 CDE · Ford Focus Titanium');
    expect(row('car')).toHaveTextContent('After the change: AB12 CDE · Volkswagen Golf Life');
    expect(row('drivers')).toHaveTextContent('Sam Taylor (you), Alex Taylor');
    expect(row('price')).toHaveTextContent('Now: £60.11 a month→After the change: £66.06 a month');
    expect(screen.getByTestId('difference-per-payment')).toHaveTextContent(
      'Your monthly payment goes up by £5.95.',
    );
    expect(screen.getByTestId('difference-total')).toHaveTextContent(
      'For the rest of this period the change costs £3.20 in total.',
    );
    expect(screen.getByTestId('change-payment')).toHaveTextContent(
      '£3.20 will be added to your next payment on 28 December 2026.',
    );
    expect(screen.getByTestId('change-when')).toHaveAttribute('data-future', 'false');
  });

  it('keeps the factors behind "Why has my price changed?", in readable words: £ for values, drivers by name', async () => {
    setup(`${root}/management/adjustment/${adjustmentId}`, change());
    await screen.findByTestId('adjustment-review');
    const why = screen.getByRole('button', { name: 'Why has my price changed?' });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(why);
    const table = screen.getByRole('table');
    const row = (factor: string) => table.querySelector(`[data-factor="${factor}"]`) as HTMLElement;
    expect(row('insuranceGroup')).toHaveTextContent('Insurance group of the car');
    expect(row('insuranceGroup')).toHaveTextContent('Group 20 (adds 41%)');
    expect(row('insuranceGroup')).toHaveTextContent('Group 23 (adds 55%)');
    expect(row('vehicleValue')).toHaveTextContent('Value of the car£9,750£14,500');
    expect(row('additionalDriver:p1')).toHaveTextContent('Named driver: Alex Taylor');
    expect(row('additionalDriver:p1')).toHaveTextContent('Not on the policy');
    expect(table).not.toHaveTextContent('×');
    expect(table).not.toHaveTextContent('(p1)');
  });

  it("the result says how the difference is paid, in the server's words", async () => {
    const done = { confirmed: true, confirmedAt: new Date().toISOString() };
    setup(`${root}/management/adjustment/${adjustmentId}/result`, change({ ...done }));
    expect(await screen.findByTestId('change-payment')).toHaveTextContent(
      '£3.20 will be added to your next payment on 28 December 2026.',
    );
    cleanup();
    const refund = summary({ kind: 'refund', amount: 500, on: null, method: 'CARD', workingDays: 10 });
    setup(`${root}/management/adjustment/${adjustmentId}/result`, change({ ...done, summary: refund }));
    expect(await screen.findByTestId('change-payment')).toHaveTextContent(
      '£5.00 will be refunded to your card within 10 working days.',
    );
    cleanup();
    // A change from after the next payment's date: that payment is worked out day by day, so the words do
    // not say the whole of it is at the new price.
    const later = summary({ kind: 'from-next-payment', amount: 0, on: '2026-12-28T00:00:00.000Z' });
    setup(
      `${root}/management/adjustment/${adjustmentId}/result`,
      change({ ...done, summary: { ...later, total: 0 } }),
    );
    expect(await screen.findByTestId('change-payment')).toHaveTextContent(
      'Nothing is due now. Every day from the change is paid at the new price, starting with your next payment on 28 December 2026.',
    );
    cleanup();
    const charged = summary({ kind: 'card-charge', amount: 1_234, on: null, method: 'CARD' });
    setup(`${root}/management/adjustment/${adjustmentId}/result`, change({ ...done, summary: charged }));
    expect(await screen.findByTestId('change-payment')).toHaveTextContent('£12.34 was charged to your card.');
  });
});

describe('a change dated ahead (issue 28 defect 11, ADR 356)', () => {
  it('the customer chooses a later date within the API limits; the new review says it applies then', async () => {
    const nextWeek = addDaysIso(todayInLondon(new Date()), 7);
    const at = startOfDayLondon(nextWeek).toISOString();
    const { router, calls } = setup(`${root}/management/adjustment/${adjustmentId}`, change(), () =>
      change({ adjustmentId: '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d', effectiveAt: at }),
    );
    await screen.findByTestId('adjustment-review');
    await userEvent.click(screen.getByRole('button', { name: 'Choose another date' }));
    const dialog = await screen.findByRole('dialog');
    // Customers cannot backdate: now or a later date.
    expect(within(dialog).queryByRole('radio', { name: 'Backdate to inception' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A later date' }));
    const input = within(dialog).getByRole('textbox', { name: /Date/ });
    await userEvent.type(input, addDaysIso(todayInLondon(new Date()), 40));
    expect(dialog).toHaveTextContent('30 days from today');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, addDaysIso(todayInLondon(new Date()), -1));
    expect(dialog).toHaveTextContent('The date must be today');
    await userEvent.clear(input);
    await userEvent.type(input, nextWeek);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toContain('3a2b1c0d'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/policyAdjustments')?.body).toMatchObject({
      adjustmentType: 'MTA',
      changes: change().changes,
      effectiveAt: at,
    });
    const when = await screen.findByTestId('change-when');
    await waitFor(() => expect(when).toHaveAttribute('data-future', 'true'));
    expect(when).toHaveTextContent('Until then your cover stays as it is.');
  });
});

describe('a change staff backdated', () => {
  it('says it is backdated and from when, not that it applies now', async () => {
    setup(
      `${root}/management/adjustment/${adjustmentId}`,
      change({ effectiveAt: '2026-07-03T08:00:00.000Z', createdAt: new Date().toISOString() }),
    );
    const when = await screen.findByTestId('change-when');
    expect(when).toHaveAttribute('data-backdated', 'true');
    expect(when).toHaveTextContent('The change is backdated: it applies from 09:00 on Friday 3 July 2026.');
    expect(when).not.toHaveTextContent('now');
  });
});

describe('a change already waiting for a later date (ADR 398)', () => {
  it('the date chooser refuses now and any day before it, naming it; from its day on is allowed', async () => {
    const nextWeek = addDaysIso(todayInLondon(new Date()), 7);
    const waiting = startOfDayLondon(nextWeek).toISOString();
    const withWaiting = {
      ...policy,
      versions: [
        { versionNumber: 1, startedAt: '2026-11-01T00:00:00.000Z' },
        { versionNumber: 2, startedAt: waiting },
      ],
    };
    setup(`${root}/management/adjustment/${adjustmentId}`, change(), undefined, { policy: withWaiting });
    await screen.findByTestId('adjustment-review');
    await userEvent.click(screen.getByRole('button', { name: 'Choose another date' }));
    const dialog = await screen.findByRole('dialog');
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date(waiting));
    // "Now" is before the change waiting for next week: refused, naming it.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `This policy already has a change from 00:00 on ${day}: this change must take effect from then or later.`,
    );
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A later date' }));
    // The range starts at that day.
    expect(dialog).toHaveTextContent(`A date from ${nextWeek} to`);
    const input = within(dialog).getByRole('textbox', { name: /Date/ });
    await userEvent.type(input, addDaysIso(todayInLondon(new Date()), 3));
    expect(dialog).toHaveTextContent('This policy already has a change from');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, nextWeek);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('smaller points (issue 28 defect 14)', { timeout: 30_000 }, () => {
  it("the add-ons page shows each add-on's yearly price and what it changes the monthly payment by", async () => {
    const quote = sampleQuote({
      optionalCovers: [
        {
          code: 'ncb_protection',
          available: true,
          active: true,
          premium: 4_800,
          priceOptions: [{ net: 4_286, ipt: 514, gross: 4_800, monthly: 400 }],
        },
        {
          code: 'legal_expenses',
          available: true,
          active: false,
          premium: 3_000,
          priceOptions: [{ net: 2_679, ipt: 321, gross: 3_000, monthly: 250 }],
        },
      ],
    });
    const priced = samplePolicy({
      currentPolicyVersion: {
        versionNumber: 1,
        startedAt: '2026-11-01T00:00:00.000Z',
        quote: quote as never,
      },
    });
    setup(`${root}/add-ons`, change(), undefined, { policy: priced });
    const page = await screen.findByTestId('add-ons-page');
    expect(page).toHaveTextContent('£48.00 a year · removing it takes £4.00 off each monthly payment');
    expect(page).toHaveTextContent('£30.00 a year · adds £2.50 to each monthly payment');
  });

  it('"Change your cover" and "Update your details" lead each to its own page', async () => {
    const config = {
      ...testConfig,
      productConfig: productConfigSchema.parse(product.productConfig),
    } as WebConfig;
    const { router } = setup(`${root}/details`, change(), undefined, { config });
    const sidebar = await screen.findByRole('complementary', { name: 'Manage your policy' });
    const cover = within(sidebar).getByRole('link', { name: 'Change your cover' });
    const details = within(sidebar).getByRole('link', { name: 'Update your details' });
    expect(cover.getAttribute('href')).not.toBe(details.getAttribute('href'));
    await userEvent.click(cover);
    const manage = await screen.findByTestId('management', {}, { timeout: 10_000 });
    expect(manage).toHaveAttribute('data-focus', 'cover');
    expect(within(manage).getByRole('heading', { name: 'Change your cover' })).toBeVisible();
    expect(within(manage).getByRole('link', { name: 'Your car' })).toBeVisible();
    expect(within(manage).queryByRole('link', { name: 'About you' })).toBeNull();
    await router.navigate(`${root}/management?show=details`);
    await waitFor(() => expect(screen.getByTestId('management')).toHaveAttribute('data-focus', 'details'));
    const mine = screen.getByTestId('management');
    expect(within(mine).getByRole('link', { name: 'About you' })).toBeVisible();
    expect(within(mine).queryByRole('link', { name: 'Your car' })).toBeNull();
  });
});
