import type { Scheme } from '@forecourt/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../../app/test-render.tsx';
import { HomePage } from './home-page.tsx';
import { startableSchemes } from './startable-schemes.ts';

const scheme = (code: string, over: Partial<Scheme> = {}): Scheme => ({
  schemeCode: code,
  productUrlName: code.toLowerCase(),
  product: 'SUBSCRIPTION',
  disabled: false,
  name: `Scheme ${code}`,
  ...over,
});

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

  it('signed in: Policies and Proposals tabs with counts, or the view a later issue plugs in', () => {
    renderShell(<HomePage />, { slots: { signedIn: true } });
    expect(screen.getByRole('tab', { name: 'Policies (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Quotes (0)' })).toBeVisible();
    renderShell(<HomePage />, { slots: { signedIn: true, signedInHome: <p>Custom dashboard</p> } });
    expect(screen.getByText('Custom dashboard')).toBeVisible();
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
