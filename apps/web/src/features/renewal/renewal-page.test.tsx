import type { Policy } from '@forecourt/contracts/policies';
import { productConfigSchema } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import product from '../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import { samplePolicy, sampleProposal, sampleQuote } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { WebConfig } from '../../lib/config.tsx';
import { testConfig } from '../../ui/test-utils.tsx';
import { renderRenewal } from './test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const policyId = '5b0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a11';
const root = '/car-insurance/renewal/RNW1';
const config = {
  ...testConfig,
  productConfig: {
    ...productConfigSchema.parse(product.productConfig),
    excess: { voluntaryExcess: [0, 100, 200, 300], isAdjustable: true },
  },
} as unknown as WebConfig;

const renewal = (patch: Partial<Proposal> = {}) =>
  sampleProposal({
    proposalCode: 'RNW1',
    renewalCycle: 1,
    sourcePolicy: {
      policyId,
      quote: sampleQuote({
        priceBreakdown: [
          {
            coverGroup: 'MAIN',
            feature: 'comprehensive',
            tag: 'main',
            net: 58_929,
            ipt: 7071,
            gross: 66_000,
          },
        ],
      }),
    },
    quote: sampleQuote({
      optionalCovers: [
        { code: 'ncb_protection', available: true, active: true, premium: 4800, priceOptions: [] },
        { code: 'legal_expenses', available: true, active: false, premium: 6000, priceOptions: [] },
      ],
    }),
    ...patch,
  });

function setup(url: string, o: { proposal?: Proposal; policy?: Policy } = {}) {
  let policy = o.policy ?? samplePolicy({ renewalProposal: 'RNW1', inRenewalWindow: true });
  let proposal = o.proposal ?? renewal();
  const calls = mockFetch((method, path, body) => {
    if (method === 'GET' && path === '/proposals/RNW1') return reply(endpoints.getProposal, proposal);
    if (method === 'GET' && path === `/policies/${policyId}`) return reply(endpoints.getPolicy, policy);
    if (method === 'PATCH' && path === '/renewals/RNW1') {
      const quote = sampleQuote();
      proposal = {
        ...proposal,
        quote: {
          ...quote,
          optionalCovers: (proposal.quote?.optionalCovers ?? []).map((c) => ({ ...c, active: true })),
          priceBreakdown: [
            ...quote.priceBreakdown,
            {
              coverGroup: 'OPTIONAL',
              feature: 'legal_expenses',
              tag: 'optional',
              net: 5357,
              ipt: 643,
              gross: 6000,
            },
          ],
        },
      };
      return reply(endpoints.changeRenewal, proposal);
    }
    if (method === 'PUT' && path === `/policies/${policyId}/autoRenewal`) {
      policy = samplePolicy({ policyDetail: { autoRenewalEnabled: (body as { enabled: boolean }).enabled } });
      return reply(endpoints.setAutoRenewal, policy);
    }
    return undefined;
  });
  const router = renderRenewal(url, config);
  return { router, calls };
}

describe('renewal quote (spec 3 §2 Renewal)', () => {
  it("shows this year's price beside last year's, the sections, covers, excess, documents and the opt-out link", async () => {
    setup(root);
    const page = await screen.findByTestId('renewal-quote');
    expect(within(page).getByText('£60.00 a month', { selector: '[data-price="this-year"]' })).toBeVisible();
    expect(within(page).getByText('£55.00 a month', { selector: '[data-price="last-year"]' })).toBeVisible();
    expect(within(page).getByRole('heading', { name: 'Optional covers' })).toBeVisible();
    expect(within(page).getByRole('radiogroup', { name: 'Voluntary excess' })).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Policy wording' })).toHaveAttribute('target', '_blank');
    expect(within(page).getByRole('link', { name: 'I do not want to renew' })).toHaveAttribute(
      'href',
      `${root}/opt-out`,
    );
  });

  it('adding a cover sends the change and shows the new price', async () => {
    const user = userEvent.setup();
    const { calls } = setup(root);
    const page = await screen.findByTestId('renewal-quote');
    const add = within(page).getByRole('button', { name: 'Add Motor legal expenses' });
    await user.click(add);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      changes: [{ changeType: 'ADD_COVER' }],
    });
    expect(await within(page).findByText('£65.00 a month')).toBeVisible();
  });

  it('opt-out: a reason is required, the end date is shown, confirm turns auto-renewal off and goes home', async () => {
    const user = userEvent.setup();
    const { router, calls } = setup(`${root}/opt-out`);
    expect(await screen.findByText(/your cover ends on 1 November 2027/)).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Opt out: end my cover on 1 November 2027' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByLabelText('Something else'));
    expect(confirm).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Tell us more/ }), 'Moving abroad');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: false,
      reason: 'Other',
      reasonText: 'Moving abroad',
    });
  });

  it('referral page, unsupported status, and home for a plain proposal or an opted-out policy', async () => {
    setup(root, {
      proposal: renewal({
        status: 'REFERRAL',
        quote: sampleQuote({ referralReasons: [{ code: 'DRIVER_AGE', message: 'Driver age' }] }),
      }),
    });
    expect(await screen.findByText('We cannot renew your policy automatically')).toBeVisible();
    expect(screen.getByText('Driver age')).toBeVisible();
    // One thing said (issue 28 defect 6): not "renews automatically" above "we cannot renew".
    expect(screen.queryByText(/renews automatically/)).toBeNull();
    expect(screen.getByText(/cannot renew automatically on .*: we are reviewing it\./)).toBeVisible();
  });

  it("'Renewal unsupported in status' for an expired renewal quote", async () => {
    setup(root, { proposal: renewal({ status: 'QUOTE_EXPIRED' }) });
    expect(await screen.findByText('Renewal unsupported in status')).toBeVisible();
  });

  it('goes home for a proposal that is not a renewal, and when auto-renewal is off', async () => {
    const a = setup(root, { proposal: sampleProposal({ proposalCode: 'RNW1' }) });
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/'));
    const b = setup(root, { policy: samplePolicy({ policyDetail: { autoRenewalEnabled: false } }) });
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/'));
  });
});
