import type { Scheme } from '@forecourt/contracts';
import type { Proposal, ProposalStatus, Quote } from '@forecourt/contracts/proposals';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePolicy, sampleProposal, sampleQuote } from '../../../test/fixtures.ts';
import { renderShell } from '../../app/test-render.tsx';
import { HomePage } from './home-page.tsx';
import { startableSchemes, takenSchemeCodes } from './startable-schemes.ts';

const scheme = (code: string, over: Partial<Scheme> = {}): Scheme => ({
  schemeCode: code,
  productUrlName: code.toLowerCase(),
  product: 'SUBSCRIPTION',
  disabled: false,
  name: `Scheme ${code}`,
  ...over,
});

const proposal = (
  code: string,
  status: ProposalStatus,
  over: { startAt?: string; quote?: Partial<Quote> } = {},
): Proposal =>
  sampleProposal({
    proposalCode: code,
    status,
    schemeCode: 'A',
    externalReference: `REF-${code}`,
    data: { asset: { vrn: 'AB12 CDE' }, profiles: [], quote: {} },
    quote: over.quote ? sampleQuote(over.quote) : null,
    startAt: over.startAt ?? null,
  });

let proposals: Proposal[] = [];
beforeEach(() => {
  proposals = [];
  vi.stubGlobal('fetch', async (url: string | URL) =>
    String(url).includes('/api/proposals')
      ? new Response(JSON.stringify({ items: proposals }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response('{}', { status: 404 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('home (spec 2 §2)', () => {
  it('anonymous: brand texts, a start-a-quote card per active scheme, sign-in prompt and retrieve link', () => {
    renderShell(<HomePage />, {
      config: {
        texts: { 'home.anonymous.header': 'Insurance for the car you just found' },
        schemes: [
          scheme('A', { name: 'Monthly car insurance' }),
          scheme('B', { disabled: true }),
          scheme('C', { product: 'ANNUAL' }),
        ],
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Insurance for the car you just found' }),
    ).toBeVisible();
    const cards = screen.getAllByTestId('scheme-card');
    expect(cards.map((c) => c.dataset.scheme)).toEqual(['A', 'C']);
    expect(within(cards[0]!).getByRole('link', { name: 'Start a quote' })).toHaveAttribute('href', '/a');
    expect(cards[1]).toHaveTextContent('Twelve months of cover');
    expect(screen.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/a');
    expect(within(screen.getByTestId('home-sign-in')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(screen.getByTestId('home-retrieve')).toHaveAttribute('href', '/retrieve');
  });

  it('signed in: Policies and Proposals tabs with counts, or the view a later issue plugs in', async () => {
    renderShell(<HomePage />, { slots: { signedIn: true } });
    // The signed-in home is loaded when someone is signed in (its own chunk).
    expect(await screen.findByRole('tab', { name: 'Policies (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Quotes (0)' })).toBeVisible();
    renderShell(<HomePage />, { slots: { signedIn: true, signedInHome: <p>Custom dashboard</p> } });
    expect(screen.getByText('Custom dashboard')).toBeVisible();
  });
});

describe('the visitor’s quotes on home', () => {
  it('lists quotes by start date with the action their status allows; policies are not listed', async () => {
    proposals = [
      proposal('P3', 'REFERRAL', { startAt: '2026-12-20T00:00:00Z' }),
      proposal('P1', 'QUOTE', {
        startAt: '2026-12-01T00:00:00Z',
        quote: {
          vrn: 'AB12 CDE',
          totals: {
            net: 48_214,
            ipt: 5_786,
            gross: 54_000,
            iptRate: 0.12,
            discount: 0,
            discountedPrice: 54_000,
            monthly: { first: 4_512, regular: 4_500, count: 12 },
            freeMonths: 0,
          },
        },
      }),
      proposal('P2', 'QUOTE_EXPIRED', { startAt: '2026-12-10T00:00:00Z' }),
      proposal('P4', 'POLICY'),
      proposal('P5', 'INSUFFICIENT_ACCURACY'),
    ];
    renderShell(<HomePage />, { config: { schemes: [scheme('A', { productUrlName: 'car-insurance' })] } });
    const cards = await screen.findAllByTestId('proposal-card');
    expect(cards.map((c) => c.dataset.status)).toEqual([
      'QUOTE',
      'QUOTE_EXPIRED',
      'REFERRAL',
      'INSUFFICIENT_ACCURACY',
    ]);
    expect(cards[0]).toHaveTextContent('£45.00 a month');
    expect(within(cards[0]!).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/car-insurance/proposal/P1',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Update' })).toBeVisible();
    expect(within(cards[2]!).getByRole('link', { name: 'Resume' })).toBeVisible();
    expect(within(cards[3]!).getByRole('link', { name: 'Resume' })).toBeVisible();
  });

  it('shows no quotes section when there are none', async () => {
    renderShell(<HomePage />);
    await screen.findAllByTestId('scheme-card');
    expect(screen.queryByRole('heading', { name: 'Your quotes' })).toBeNull();
  });
});

describe('startableSchemes', () => {
  const schemes = [scheme('A'), scheme('B'), scheme('X', { disabled: true })];
  it('keeps active schemes only', () => {
    expect(
      startableSchemes(schemes, { multiQuote: true, takenSchemeCodes: ['A'] }).map((s) => s.schemeCode),
    ).toEqual(['A', 'B']);
  });
  it('without multi-quote, hides schemes that already have a proposal or active policy', () => {
    expect(
      startableSchemes(schemes, { multiQuote: false, takenSchemeCodes: ['A'] }).map((s) => s.schemeCode),
    ).toEqual(['B']);
  });
});

describe('takenSchemeCodes', () => {
  it('counts open quotes and policies that have not ended, not proposals that became policies nor ended policies', () => {
    const open = { ...proposal('Q1', 'QUOTE'), schemeCode: 'A' };
    const bought = { ...proposal('Q2', 'POLICY'), schemeCode: 'B' };
    const live = samplePolicy({ schemeCode: 'C' });
    const pending = samplePolicy({ schemeCode: 'D', policyDetail: { policyStatus: 'PENDING' } });
    const ended = samplePolicy({ schemeCode: 'E', policyDetail: { policyStatus: 'CANCELLED' } });
    expect(takenSchemeCodes([open, bought], [live, pending, ended]).sort()).toEqual(['A', 'C', 'D']);
  });
  it('without multi-quote, a customer with a live policy of a scheme is not offered it again', () => {
    const schemes = [scheme('A'), scheme('C')];
    const taken = takenSchemeCodes([], [samplePolicy({ schemeCode: 'C' })]);
    expect(
      startableSchemes(schemes, { multiQuote: false, takenSchemeCodes: taken }).map((s) => s.schemeCode),
    ).toEqual(['A']);
  });
});
