import type { Scheme } from '@forecourt/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notStarting, samplePolicy, sampleProposal, sampleStanding } from '../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { renderShell } from '../../app/test-render.tsx';
import { endpoints } from '../../lib/api/endpoints.ts';
import { SnackbarProvider } from '../../ui/index.ts';
import { testConfig } from '../../ui/test-utils.tsx';
import { HomePage } from './home-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const schemes: Scheme[] = [
  {
    schemeCode: 'SUB',
    productUrlName: 'car-insurance',
    product: 'SUBSCRIPTION',
    disabled: false,
    name: 'Monthly',
  },
  {
    schemeCode: 'DRIVE',
    productUrlName: 'driveaway',
    product: 'DRIVEAWAY',
    disabled: false,
    name: 'Driveaway',
  },
];

const policy = (n: number, status: Parameters<typeof samplePolicy>[0] extends infer P ? P : never) =>
  samplePolicy({
    policyId: `00000000-0000-4000-8000-00000000000${n}`,
    policyNumber: `FCM${n}`,
    schemeCode: 'SUB',
    ...status,
  });

function links(card: HTMLElement) {
  return within(card)
    .queryAllByRole('link')
    .map((a) => `${a.textContent} ${a.getAttribute('href')}`);
}

describe('signed-in home (spec 2 §2)', () => {
  it('lists the policies GET /api/policies returns, sorted, with the links their status allows', async () => {
    const at = (d: string) => `2026-${d}T00:00:00.000Z`;
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, {
            policyDetail: { policyStatus: 'CANCELLED', inceptedAt: at('01-01'), terminatedAt: at('03-01') },
          }),
          policy(2, { policyDetail: { policyStatus: 'ACTIVE', inceptedAt: at('02-01') } }),
          policy(3, { policyDetail: { policyStatus: 'ACTIVE', inceptedAt: at('06-01') } }),
          policy(4, { policyDetail: { policyStatus: 'RENEWED', inceptedAt: at('09-01') } }),
          policy(5, { policyDetail: { policyStatus: 'PENDING', inceptedAt: at('12-01') } }),
          policy(6, { policyDetail: { policyStatus: 'NTU', inceptedAt: at('05-01') } }),
          policy(7, {
            schemeCode: 'DRIVE',
            policyDetail: { policyStatus: 'ACTIVE', inceptedAt: at('01-15') },
          }),
          policy(8, {
            renewalProposal: 'R1',
            policyDetail: { policyStatus: 'LAPSED', inceptedAt: at('01-02') },
          }),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            sampleProposal({ proposalCode: 'Q1' }),
            sampleProposal({ proposalCode: 'Q2', status: 'POLICY' }),
          ],
        } as never);
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    expect(await screen.findByRole('tab', { name: 'Policies (8)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Quotes (1)' })).toBeVisible();
    const cards = screen.getAllByTestId('policy-card');
    expect(cards.map((c) => `${c.dataset.status} ${within(c).getByText(/^Policy FCM/).textContent}`)).toEqual(
      [
        'ACTIVE Policy FCM3',
        'ACTIVE Policy FCM2',
        'ACTIVE Policy FCM7',
        'PENDING Policy FCM5',
        'LAPSED Policy FCM8',
        'CANCELLED Policy FCM1',
        'NTU Policy FCM6',
        'RENEWED Policy FCM4',
      ],
    );
    const root = '/car-insurance/policy/00000000-0000-4000-8000-000000000003';
    expect(links(cards[0]!)).toEqual([
      `Manage policy ${root}`,
      `Documents ${root}/documents`,
      `Billing ${root}/billing`,
      `Claims ${root}/claims`,
    ]);
    // Driveaway: no billing.
    expect(links(cards[2]!).map((l) => l.split(' ')[0])).toEqual(['Manage', 'Documents', 'Claims']);
    expect(links(cards[3]!).map((l) => l.split(' ')[0])).toEqual([
      'Manage',
      'Documents',
      'Billing',
      'Claims',
    ]);
    expect(links(cards[4]!).map((l) => l.split(' ')[0])).toEqual(['Billing', 'Claims']);
    expect(links(cards[5]!).map((l) => l.split(' ')[0])).toEqual(['Billing', 'Claims']);
    expect(links(cards[6]!).map((l) => l.split(' ')[0])).toEqual(['Billing']);
    expect(links(cards[7]!)).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: 'Quotes (1)' }));
    const quotes = screen.getAllByTestId('proposal-card');
    expect(quotes.map((c) => c.dataset.status)).toEqual(['QUOTE']);
  });

  it('start-a-quote cards below the tabs: without multi-quote, not for a scheme the customer already holds', async () => {
    mockFetch((_m, path) =>
      path === '/policies' ? reply(endpoints.listPolicies, [policy(1, { schemeCode: 'SUB' })]) : undefined,
    );
    const { unmount } = renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    expect(await screen.findByRole('tab', { name: 'Policies (1)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Start a quote' })).toBeVisible();
    expect(screen.getAllByTestId('scheme-card').map((c) => c.dataset.scheme)).toEqual(['SUB', 'DRIVE']);
    unmount();
    renderShell(<HomePage />, {
      slots: { signedIn: true },
      config: { schemes, features: { ...testConfig.features, multiQuote: false } },
    });
    expect(await screen.findByRole('tab', { name: 'Policies (1)' })).toBeVisible();
    expect(screen.getAllByTestId('scheme-card').map((c) => c.dataset.scheme)).toEqual(['DRIVE']);
  });

  it('says so when there are no policies, and inline when they cannot be loaded', async () => {
    mockFetch((_m, path) => (path === '/policies' ? reply(endpoints.listPolicies, []) : undefined));
    const { unmount } = renderShell(<HomePage />, { slots: { signedIn: true } });
    expect(await screen.findByText('You have no policies yet.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Policies (0)' })).toBeVisible();
    unmount();
    mockFetch(() => ({ status: 500, body: { code: 'INTERNAL', message: 'Boom' } }));
    renderShell(<HomePage />, { slots: { signedIn: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your policies');
  });

  it('deletes a quote from its manage menu after a confirmation, and it is gone', async () => {
    let items = [sampleProposal({ proposalCode: 'Q1' }), sampleProposal({ proposalCode: 'Q2' })];
    const calls = mockFetch((method, path) => {
      if (path === '/policies') return reply(endpoints.listPolicies, []);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, { items } as never);
      if (method === 'DELETE' && path === '/proposals/Q1') {
        items = items.filter((p) => p.proposalCode !== 'Q1');
        // (the server answers 204; a mocked Response cannot have a 204 with a body)
        return { status: 200, body: null };
      }
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Quotes (2)' }));
    const [first] = screen.getAllByTestId('proposal-card');
    await userEvent.click(within(first!).getByRole('button', { name: /^Manage quote/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this quote?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(first!).getByRole('button', { name: /^Manage quote/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete quote' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this quote?' })).getByRole('button', {
        name: 'Delete quote',
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Quotes (1)' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/proposals/Q1']);
    expect(screen.getAllByTestId('proposal-card')).toHaveLength(1);
  });

  it('exchanges a redirect_flow_id on landing for a Direct Debit mandate, once, and says so', async () => {
    const calls = mockFetch((method, path) => {
      if (path === '/policies') return reply(endpoints.listPolicies, []);
      if (method === 'POST' && path === '/gocardless/mandates')
        return reply(endpoints.createMandate, {
          mandateId: 'MD1',
          type: 'BACS_DEBIT',
          status: 'PENDING_CUSTOMER_APPROVAL',
          bankName: 'BARCLAYS BANK PLC',
          accountNumberEnding: '11',
          createdAt: '2026-11-23T10:00:00.000Z',
        });
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, path: '/?redirect_flow_id=RE123' });
    expect(await screen.findByText('Your Direct Debit is set up.')).toBeVisible();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/gocardless/mandates');
    expect(posts.map((c) => c.body)).toEqual([{ redirectFlowId: 'RE123' }]);
  });

  it('a refused redirect flow says so inline', async () => {
    mockFetch((method, path) =>
      path === '/policies'
        ? reply(endpoints.listPolicies, [])
        : method === 'POST' && path === '/gocardless/mandates'
          ? { status: 422, body: { code: 'UNPROCESSABLE', message: 'No' } }
          : undefined,
    );
    renderShell(<HomePage />, { slots: { signedIn: true }, path: '/?redirect_flow_id=RE404' });
    expect(await screen.findByText(/could not set up your Direct Debit/)).toBeVisible();
  });

  it('shows the outstanding-balance modal once a session, with the way to the policy’s billing', async () => {
    window.sessionStorage.clear();
    const account = (code: string, outstandingAmount: number) => ({
      accountId: `acc-${code}`,
      accountCode: code,
      paymentDay: 1,
      paymentMethodType: 'CARD' as const,
      accountBalance: -outstandingAmount,
      outstandingAmount,
      accountStatus: 'ACTIVE' as const,
      accountRegistered: true,
    });
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          // Policy 1's Direct Debit is being collected (pending): not arrears, not named (issue 28 defect 1).
          policy(1, {
            policyDetail: { policyStatus: 'ACTIVE' },
            standing: sampleStanding({
              headline: 'pendingCollection',
              pendingCollection: {
                amount: 4677,
                chargeAt: '2026-12-02T00:00:00.000Z',
                statementNumbers: [2],
              },
            }),
          }),
          policy(2, {
            policyDetail: { policyStatus: 'ACTIVE' },
            standing: sampleStanding({
              headline: 'arrears',
              arrears: { amount: 1234, statementNumbers: [2], why: 'failed' },
            }),
          }),
        ]);
      if (method === 'GET' && path === '/customerAccounts')
        return reply(endpoints.listCustomerAccounts, [account('FCM1', 4677), account('FCM2', 1234)]);
      return undefined;
    });
    const { unmount } = renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const dialog = await screen.findByRole('dialog', { name: 'You have a payment to make' });
    expect(within(dialog).getByText('£12.34 is outstanding on policy FCM2.')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/car-insurance/policy/00000000-0000-4000-8000-000000000002/billing',
    );
    // The arrears mark only on the policy really in arrears.
    const cards = screen.getAllByTestId('policy-card');
    expect(cards.map((c) => within(c).queryByTestId('standing-badge')?.textContent ?? null)).toEqual([
      null,
      'Payment missed',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    await screen.findAllByTestId('policy-card');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cards read the standing: an ending badge, and a policy that will not start has no "to" date (issue 28)', async () => {
    window.sessionStorage.clear();
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, {
            policyDetail: { policyStatus: 'ACTIVE', terminatedAt: '2026-12-17T00:00:00.000Z' },
            standing: sampleStanding({
              headline: 'ending',
              ending: { endsAt: '2026-12-17T00:00:00.000Z' },
              renewal: null,
            }),
          }),
          policy(2, notStarting),
          policy(3, {
            policyDetail: {
              policyStatus: 'NTU',
              inceptedAt: '2026-11-23T00:00:00.000Z',
              terminatedAt: '2026-11-23T00:00:00.000Z',
            },
            standing: sampleStanding({
              headline: 'ended',
              renewal: null,
              ended: { status: 'NTU', endedAt: '2026-11-23T00:00:00.000Z', neverStarted: true },
            }),
          }),
        ]);
      if (method === 'GET' && path === '/customerAccounts') return reply(endpoints.listCustomerAccounts, []);
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const cards = await screen.findAllByTestId('policy-card');
    const card = (n: string) => cards.find((c) => c.textContent?.includes(`FCM${n}`)) as HTMLElement;
    expect(within(card('1')).getByTestId('standing-badge')).toHaveTextContent('Ending 17 Dec 2026');
    expect(card('2')).toHaveTextContent('Was to start 4 Dec 2026 · will not start');
    expect(card('2')).not.toHaveTextContent('to 27 Nov 2026');
    expect(within(card('2')).getByTestId('standing-badge')).toHaveTextContent('Will not start');
    // Not taken up (ADR 364): its status says so; no "Will not start" beside it, and no dates as if on cover.
    expect(card('3')).toHaveTextContent('Was to start 23 Nov 2026 · never on cover');
    expect(within(card('3')).queryByTestId('standing-badge')).toBeNull();
    expect(card('3')).not.toHaveTextContent('to 23 Nov 2026');
  });

  it('cards say money owed back (ADR 405): on its way by a day, or, for a renewed year whose page is home, a call asked for', async () => {
    window.sessionStorage.clear();
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, {
            policyDetail: { policyStatus: 'CANCELLED', terminatedAt: '2026-11-23T00:00:00.000Z' },
            standing: sampleStanding({
              headline: 'ended',
              renewal: null,
              ended: { status: 'CANCELLED', endedAt: '2026-11-23T00:00:00.000Z', neverStarted: false },
              payingBack: {
                state: 'onItsWay',
                amount: 4911,
                method: 'CARD',
                reachesBy: '2026-12-07T00:00:00.000Z',
              },
            }),
          }),
          policy(2, {
            policyDetail: { policyStatus: 'RENEWED' },
            standing: sampleStanding({
              headline: 'ended',
              renewal: null,
              ended: { status: 'RENEWED', endedAt: '2026-11-01T00:00:00.000Z', neverStarted: false },
              payingBack: { state: 'held', amount: 271, method: 'BACS_DEBIT', reachesBy: null },
            }),
          }),
          policy(3, { policyDetail: { policyStatus: 'ACTIVE' }, standing: sampleStanding() }),
        ]);
      if (method === 'GET' && path === '/customerAccounts') return reply(endpoints.listCustomerAccounts, []);
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const cards = await screen.findAllByTestId('policy-card');
    const card = (n: string) => cards.find((c) => c.textContent?.includes(`FCM${n}`)) as HTMLElement;
    expect(within(card('1')).getByTestId('standing-badge')).toHaveTextContent('Refund on its way');
    expect(within(card('1')).getByTestId('card-paying-back')).toHaveTextContent(
      'Paying £49.11 back to you by 7 Dec 2026',
    );
    expect(within(card('2')).getByTestId('standing-badge')).toHaveTextContent('Refund: please call us');
    expect(within(card('2')).getByTestId('card-paying-back')).toHaveTextContent(
      `£2.71 to pay back to you: please call us on ${testConfig.contact.phone}`,
    );
    expect(within(card('3')).queryByTestId('card-paying-back')).toBeNull();
  });

  it('renewal banners: opted in with View, opted out with opt back in, referral critical; renewals are not quotes', async () => {
    const user = userEvent.setup();
    const renewal = (code: string, status: 'QUOTE' | 'REFERRAL' | 'QUOTE_EXPIRED', policyId: string) =>
      sampleProposal({
        proposalCode: code,
        status,
        renewalCycle: 1,
        sourcePolicy: { policyId },
        schemeCode: 'SUB',
      });
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const calls = mockFetch((method, path, body) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, { renewalProposal: 'RIN' }),
          policy(2, { renewalProposal: 'ROUT', policyDetail: { autoRenewalEnabled: false } }),
          policy(3, { renewalProposal: 'RREF' }),
          policy(4, { renewalProposal: 'RSTOP', policyDetail: { renewalStopped: true } }),
          policy(5, { renewalProposal: 'REXP' }),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            renewal('RIN', 'QUOTE', id(1)),
            renewal('ROUT', 'QUOTE', id(2)),
            renewal('RREF', 'REFERRAL', id(3)),
            renewal('RSTOP', 'QUOTE', id(4)),
            renewal('REXP', 'QUOTE_EXPIRED', id(5)),
            sampleProposal({ proposalCode: 'Q1' }),
          ],
        } as never);
      if (method === 'PUT' && path === `/policies/${id(2)}/autoRenewal`)
        return reply(endpoints.setAutoRenewal, policy(2, { renewalProposal: 'ROUT', ...(body as object) }));
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const banners = await screen.findByTestId('renewal-banners');
    const kinds = [...banners.querySelectorAll('[data-banner]')].map((b) => b.getAttribute('data-banner'));
    expect(kinds).toEqual(['renewal-opted-in', 'renewal-opted-out', 'renewal-referral']);
    expect(within(banners).getByRole('link', { name: 'View renewal' })).toHaveAttribute(
      'href',
      '/car-insurance/renewal/RIN',
    );
    expect(banners.querySelector('[data-banner="renewal-referral"]')).toHaveTextContent(
      'We cannot renew your policy automatically',
    );
    expect(screen.getByRole('tab', { name: 'Quotes (1)' })).toBeVisible();
    // Manage is hidden under renewal.
    const card = screen.getAllByTestId('policy-card')[0]!;
    expect(links(card).map((l) => l.split(' ')[0])).not.toContain('Manage');
    await user.click(within(banners).getByRole('button', { name: 'Opt back in' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true });
  });

  it('opted in while money is owed: the renewal banner says it renews only once that is paid (ADR 400)', async () => {
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, {
            renewalProposal: 'RIN',
            policyDetail: { expiredAt: '2027-11-01T00:00:00.000Z' },
            standing: sampleStanding({
              headline: 'arrears',
              facts: ['arrears', 'active'],
              arrears: { amount: 4923, statementNumbers: [12], why: 'failed' },
              renewal: { state: 'owing', anniversaryAt: '2027-11-01T00:00:00.000Z' },
            }),
          }),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            sampleProposal({
              proposalCode: 'RIN',
              status: 'QUOTE',
              renewalCycle: 1,
              sourcePolicy: { policyId: '00000000-0000-4000-8000-000000000001' },
              schemeCode: 'SUB',
            }),
          ],
        } as never);
      return undefined;
    });
    renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const banners = await screen.findByTestId('renewal-banners');
    const owing = banners.querySelector('[data-banner="renewal-owing"]') as HTMLElement;
    expect(owing).toHaveTextContent('Policy FCM1 renews only once your balance is paid');
    expect(owing).toHaveTextContent(
      '£49.23 is outstanding on it. Pay it before 1 November 2027 and your policy renews automatically',
    );
    expect(owing).toHaveTextContent('otherwise your cover ends on 1 November 2027');
    expect(banners.querySelector('[data-banner="renewal-opted-in"]')).toBeNull();
    // Its way is to pay: the policy's Billing tab.
    expect(within(owing).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/car-insurance/policy/00000000-0000-4000-8000-000000000001/billing',
    );
  });

  it('a lapsed policy whose renewal quote is still open: the lapsed banner takes it up (ADR 335); expired, nothing', async () => {
    const user = userEvent.setup();
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const renewal = (code: string, quoteExpiresAt: string) =>
      sampleProposal({
        proposalCode: code,
        status: 'QUOTE',
        renewalCycle: 1,
        schemeCode: 'SUB',
        quoteExpiresAt,
      });
    const lapsed = { policyStatus: 'LAPSED' as const, autoRenewalEnabled: false, expiredAt: inDays(-2) };
    const calls = mockFetch((method, path, body) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, { renewalProposal: 'ROPEN', policyDetail: lapsed }),
          policy(2, { renewalProposal: 'RGONE', policyDetail: lapsed }),
          policy(3, { renewalProposal: 'RSTOP', policyDetail: { ...lapsed, renewalStopped: true } }),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [renewal('ROPEN', inDays(28)), renewal('RGONE', inDays(-1)), renewal('RSTOP', inDays(28))],
        } as never);
      if (method === 'GET' && path === `/policies/${id(1)}/renewal/takeUp`)
        return reply(endpoints.getTakeUpOffer, {
          dueToday: 4_584,
          total: 55_008,
          monthly: { regular: 4_584, count: 12 },
          startsAt: '2026-11-25T17:05:00.000Z',
          endsAt: '2027-11-25T17:05:00.000Z',
          paymentMethod: { type: 'CARD', display: 'VISA •••• 4242' },
        });
      if (method === 'PUT' && path === `/policies/${id(1)}/autoRenewal`)
        return reply(
          endpoints.setAutoRenewal,
          policy(9, {
            policyNumber: 'FCMNEW',
            policyDetail: { policyStatus: 'ACTIVE', inceptedAt: '2026-11-25T17:05:00.000Z' },
            ...(body as object),
          }),
        );
      return undefined;
    });
    renderShell(
      <SnackbarProvider>
        <HomePage />
      </SnackbarProvider>,
      { slots: { signedIn: true }, config: { schemes } },
    );
    const banners = await screen.findByTestId('renewal-banners');
    const kinds = [...banners.querySelectorAll('[data-banner]')].map((b) => b.getAttribute('data-banner'));
    expect(kinds).toEqual(['renewal-lapsed']);
    expect(banners).toHaveTextContent('Policy FCM1 ended on');
    expect(banners).toHaveTextContent('cannot be backdated');
    // One click takes no money (issue 28 defect 7, ADR 353): a confirmation with the server's price, the start
    // and the card comes first.
    await user.click(within(banners).getByRole('button', { name: 'Opt back in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew policy FCM1' });
    const fact = async (name: string) =>
      (await within(dialog).findByText((_, el) => el?.getAttribute('data-fact') === name)).textContent;
    expect(await fact('due-today')).toBe('£45.84');
    expect(await fact('then')).toBe('11 monthly payments of £45.84');
    expect(await fact('cover')).toBe('From 17:05 on 25 November 2026 (when you confirm) to 25 November 2027');
    expect(await fact('card')).toBe('VISA •••• 4242');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pay £45.84 and renew' }));
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]?.body).toEqual({ enabled: true });
    expect(put[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const done = await within(dialog).findByTestId('payment-done');
    expect(done).toHaveTextContent('You are covered again');
    expect(done).toHaveTextContent(
      'Payment received: £45.84 from VISA •••• 4242. Your new policy FCMNEW covers you from 17:05 on 25 November 2026.',
    );
  });

  it('opting back in on a lapsed policy: "Not now" takes nothing', async () => {
    const user = userEvent.setup();
    const lapsed = {
      policyStatus: 'LAPSED' as const,
      autoRenewalEnabled: false,
      expiredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    };
    const calls = mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [policy(1, { renewalProposal: 'ROPEN', policyDetail: lapsed })]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            sampleProposal({
              proposalCode: 'ROPEN',
              status: 'QUOTE',
              renewalCycle: 1,
              schemeCode: 'SUB',
              quoteExpiresAt: new Date(Date.now() + 28 * 86_400_000).toISOString(),
            }),
          ],
        } as never);
      if (method === 'GET' && path.endsWith('/renewal/takeUp'))
        return reply(endpoints.getTakeUpOffer, {
          dueToday: 55_008,
          total: 55_008,
          monthly: null,
          startsAt: '2026-11-25T17:05:00.000Z',
          endsAt: '2027-11-25T17:05:00.000Z',
          paymentMethod: { type: 'CARD', display: 'VISA •••• 4242' },
        });
      return undefined;
    });
    renderShell(
      <SnackbarProvider>
        <HomePage />
      </SnackbarProvider>,
      { slots: { signedIn: true }, config: { schemes } },
    );
    const banners = await screen.findByTestId('renewal-banners');
    await user.click(within(banners).getByRole('button', { name: 'Opt back in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew policy FCM1' });
    expect(await within(dialog).findByRole('button', { name: 'Pay £550.08 and renew' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('opting back in on a lapsed policy that still owes money: the balance blocks it, with the way to pay (ADR 397)', async () => {
    window.sessionStorage.setItem('forecourt.outstandingSeen', '1');
    const user = userEvent.setup();
    const lapsed = {
      policyStatus: 'LAPSED' as const,
      autoRenewalEnabled: false,
      expiredAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    };
    const calls = mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          policy(1, {
            renewalProposal: 'ROPEN',
            policyDetail: lapsed,
            standing: sampleStanding({
              headline: 'arrears',
              arrears: { amount: 140, statementNumbers: [13], why: 'ended' },
            }),
          }),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            sampleProposal({
              proposalCode: 'ROPEN',
              status: 'QUOTE',
              renewalCycle: 1,
              schemeCode: 'SUB',
              quoteExpiresAt: new Date(Date.now() + 28 * 86_400_000).toISOString(),
            }),
          ],
        } as never);
      return undefined;
    });
    renderShell(
      <SnackbarProvider>
        <HomePage />
      </SnackbarProvider>,
      { slots: { signedIn: true }, config: { schemes } },
    );
    const banners = await screen.findByTestId('renewal-banners');
    await user.click(within(banners).getByRole('button', { name: 'Opt back in' }));
    const dialog = await screen.findByRole('dialog', { name: 'You have a payment to make' });
    expect(within(dialog).getByTestId('take-up-blocked')).toHaveTextContent(
      '£1.40 is outstanding on policy FCM1. Please pay it first: then you can opt back in and renew.',
    );
    expect(within(dialog).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/car-insurance/policy/00000000-0000-4000-8000-000000000001/billing',
    );
    // Nothing is offered or taken while it is owed.
    expect(calls.some((c) => c.path.endsWith('/renewal/takeUp') || c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('missing payment method and upsell banners: only for live, billed policies, by the spec’s statuses', async () => {
    window.sessionStorage.setItem('forecourt.outstandingSeen', '1');
    const account = (
      code: string,
      paymentMethodUsable: boolean,
      o: { paymentMethodType?: 'CARD' | 'BACS_DEBIT'; paymentMethodNeeded?: boolean } = {},
    ) => ({
      accountId: `acc-${code}`,
      accountCode: code,
      paymentDay: 1,
      paymentMethodType: o.paymentMethodType ?? ('BACS_DEBIT' as const),
      accountBalance: 0,
      outstandingAmount: 0,
      accountStatus: 'ACTIVE' as const,
      accountRegistered: true,
      paymentMethodUsable,
      paymentMethodNeeded: o.paymentMethodNeeded ?? true,
    });
    const upsell = (code: string, status: 'QUOTE' | 'QUOTE_EXPIRED' | 'REFERRAL' | 'INSUFFICIENT_ACCURACY') =>
      sampleProposal({ proposalCode: code, status, schemeCode: 'SUB' });
    mockFetch((method, path) => {
      if (path === '/policies')
        return reply(endpoints.listPolicies, [
          // No usable mandate: banner. Usable: none. Ended: none. Driveaway (no billing): none.
          policy(1, { policyDetail: { policyStatus: 'ACTIVE' } }),
          policy(2, { policyDetail: { policyStatus: 'ACTIVE' }, upsellProposal: 'U2' }),
          policy(3, { policyDetail: { policyStatus: 'CANCELLED' }, upsellProposal: 'U3' }),
          policy(4, { schemeCode: 'DRIVE', policyDetail: { policyStatus: 'ACTIVE' }, upsellProposal: 'U4' }),
          policy(5, { policyDetail: { policyStatus: 'PENDING' }, upsellProposal: 'U5' }),
          // No card: the "missing card" banner. Paid in full (nothing more to collect): none.
          policy(6, { policyDetail: { policyStatus: 'ACTIVE' } }),
          policy(7, { policyDetail: { policyStatus: 'ACTIVE' } }),
        ]);
      if (method === 'GET' && path === '/customerAccounts')
        return reply(endpoints.listCustomerAccounts, [
          account('FCM6', false, { paymentMethodType: 'CARD' }),
          account('FCM7', false, { paymentMethodType: 'CARD', paymentMethodNeeded: false }),
          account('FCM1', false),
          account('FCM2', true),
          account('FCM3', false),
          account('FCM4', false),
        ]);
      if (method === 'GET' && path === '/proposals')
        return reply(endpoints.listProposals, {
          items: [
            upsell('U2', 'QUOTE'),
            upsell('U3', 'QUOTE'),
            upsell('U4', 'QUOTE_EXPIRED'),
            upsell('U5', 'REFERRAL'),
          ],
        } as never);
      return undefined;
    });
    const { container } = renderShell(<HomePage />, { slots: { signedIn: true }, config: { schemes } });
    const missing = await screen.findByText(/collect the monthly payments for policy FCM1/);
    expect(container.querySelectorAll('[data-banner="missing-mandate"]')).toHaveLength(1);
    const cards = [...container.querySelectorAll<HTMLElement>('[data-banner="missing-card"]')];
    expect(cards.map((b) => b.textContent)).toEqual([expect.stringContaining('Policy FCM6 has no card')]);
    expect(within(cards[0]!).getByRole('link', { name: 'Add a card' })).toBeVisible();
    expect(within(missing.closest('[data-banner]') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/car-insurance/policy/00000000-0000-4000-8000-000000000001/billing',
    );
    const upsells = [...container.querySelectorAll<HTMLElement>('[data-banner="upsell"]')];
    expect(upsells.map((b) => within(b).getByRole('link').textContent)).toEqual([
      'View upgrade',
      'Update upgrade',
    ]);
    expect(within(upsells[0]!).getByText(/policy FCM2/)).toBeVisible();
    expect(within(upsells[1]!).getByRole('link')).toHaveAttribute('href', '/driveaway/proposal/U4');
  });
});
