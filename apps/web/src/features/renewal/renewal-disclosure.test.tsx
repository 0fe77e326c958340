import { productConfigSchema } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleAdditionalDriver, sampleProposalData } from '@forecourt/domain/risk/sample';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import product from '../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import { samplePolicy, sampleProposal, sampleQuote } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import type { WebConfig } from '../../lib/config.tsx';
import { testConfig } from '../../ui/test-utils.tsx';
import { renderRenewal } from './test-helpers.tsx';

/** The renewal's disclosure pages (spec 3 §2 Renewal, ADR 330): sections by id and the named drivers. */
afterEach(() => vi.unstubAllGlobals());
// The pages load lazily with the journeys' texts: loaded once here, so no test waits on a cold import.
beforeAll(async () => {
  await Promise.all([
    import('./components/renewal-disclosure.tsx'),
    import('../../lib/i18n/journey-texts.ts'),
  ]);
}, 60_000);

const policyId = '5b0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a11';
const root = '/car-insurance/renewal/RNW1';
const config = {
  ...testConfig,
  productConfig: productConfigSchema.parse(product.productConfig),
} as unknown as WebConfig;
/** The section pages load lazily with the journeys' texts: the first may take a while in a busy run. */
const LAZY = { timeout: 10_000 };

const answers = sampleProposalData(todayInLondon());
answers.profiles.push(sampleAdditionalDriver(todayInLondon(), 'p1'));
const renewal = (patch: Partial<Proposal> = {}) =>
  sampleProposal({
    proposalCode: 'RNW1',
    renewalCycle: 1,
    data: answers as unknown as Proposal['data'],
    sourcePolicy: { policyId, quote: sampleQuote() },
    ...patch,
  });

function setup(url: string, o: { proposal?: Proposal; after?: Partial<Proposal> } = {}) {
  let proposal = o.proposal ?? renewal();
  const calls = mockFetch((method, path) => {
    if (method === 'GET' && path === '/proposals/RNW1') return reply(endpoints.getProposal, proposal);
    if (method === 'GET' && path === `/policies/${policyId}`)
      return reply(endpoints.getPolicy, samplePolicy({ renewalProposal: 'RNW1', inRenewalWindow: true }));
    if (method === 'PATCH' && path === '/renewals/RNW1') {
      proposal = { ...proposal, ...o.after };
      return reply(endpoints.changeRenewal, proposal);
    }
    return undefined;
  });
  const router = renderRenewal(url, config);
  return { router, calls };
}

describe('renewal disclosure routes', { timeout: 30_000 }, () => {
  it('the renewal quote links each section; disclosure goes to the first; an unknown section to the renewal', async () => {
    const a = setup(root);
    const sections = await screen.findByTestId('renewal-sections');
    const links = within(sections).getAllByRole('link', { name: /^Change / });
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Change Your car', 'Change About you', 'Change Drivers']),
    );
    expect(within(sections).queryByText('Your cover')).toBeNull();
    expect(within(sections).getByRole('link', { name: 'Change About you' })).toHaveAttribute(
      'href',
      `${root}/disclosure/section/about-you`,
    );
    a.router.dispose();
    cleanup();
    const b = setup(`${root}/disclosure`);
    await waitFor(
      () => expect(b.router.state.location.pathname).toBe(`${root}/disclosure/section/your-car`),
      LAZY,
    );
    expect(await screen.findByRole('heading', { name: 'Your car', level: 1 }, LAZY)).toBeVisible();
    b.router.dispose();
    cleanup();
    const c = setup(`${root}/disclosure/section/no-such-section`);
    await waitFor(() => expect(c.router.state.location.pathname).toBe(root), LAZY);
    expect(await screen.findByTestId('renewal-quote')).toBeVisible();
  });

  it('a section: the name and date of birth read-only, only what changed is sent, then back to the renewal', async () => {
    const { router, calls } = setup(`${root}/disclosure/section/about-you`);
    await screen.findByRole('heading', { name: 'About you', level: 1 }, LAZY);
    const readOnly = document.querySelectorAll('fieldset[disabled][data-read-only]');
    expect([...readOnly].map((f) => f.getAttribute('data-read-only'))).toEqual(['name', 'dateOfBirth']);
    const marital = document.querySelector('[data-question="maritalStatus"] select') as HTMLSelectElement;
    await userEvent.selectOptions(marital, 'Single');
    await userEvent.click(screen.getByRole('button', { name: 'Save and see my price' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'policyholder',
          update: { path: 'maritalStatus', value: 'Single' },
        },
      ],
    });
  });

  it('a change the rules refer shows the referral page; disclosure is then not offered', async () => {
    const { router } = setup(`${root}/disclosure/section/using-the-car`, {
      after: {
        status: 'REFERRAL',
        quote: sampleQuote({ referralReasons: [{ code: 'MODIFIED', message: 'The car is modified' }] }),
      },
    });
    await screen.findByRole('heading', { name: 'How you use your car', level: 1 }, LAZY);
    const where = document.querySelector('[data-question="overnightLocation"] select') as HTMLSelectElement;
    await userEvent.selectOptions(where, 'GarageLockedNearHome');
    await userEvent.click(screen.getByRole('button', { name: 'Save and see my price' }));
    expect(await screen.findByText('We cannot renew your policy automatically')).toBeVisible();
    expect(screen.getByText('The car is modified')).toBeVisible();
    expect(router.state.location.pathname).toBe(root);
    await router.navigate(`${root}/disclosure/section/your-car`);
    await waitFor(() => expect(router.state.location.pathname).toBe(root));
  });

  it('drivers: the list, profile/{code} to change one, profile to add one, an unknown driver back to the list', async () => {
    const a = setup(`${root}/disclosure/section/additional-drivers`);
    const list = await screen.findByTestId('renewal-drivers', {}, LAZY);
    expect(list).toHaveTextContent('Alex Taylor');
    expect(within(list).getByRole('link', { name: 'Change' })).toHaveAttribute(
      'href',
      `${root}/disclosure/section/additional-drivers/profile/p1`,
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(a.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
      }),
    );
    a.router.dispose();
    cleanup();
    setup(`${root}/disclosure/section/additional-drivers/profile/p1`);
    expect(await screen.findByRole('heading', { name: 'Update driver' }, LAZY)).toBeVisible();
    cleanup();
    setup(`${root}/disclosure/section/additional-drivers/profile`);
    expect(await screen.findByRole('heading', { name: 'Add a driver' }, LAZY)).toBeVisible();
    // A new driver discloses everything: nothing is read-only.
    expect(document.querySelector('fieldset[data-read-only]')).toBeNull();
    cleanup();
    const d = setup(`${root}/disclosure/section/additional-drivers/profile/p3`);
    await waitFor(
      () => expect(d.router.state.location.pathname).toBe(`${root}/disclosure/section/additional-drivers`),
      LAZY,
    );
  });
});
