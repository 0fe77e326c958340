import { breakdownOf, totalsOf } from '@forecourt/domain/rating/price';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hc3mQuote, pence, sampleQuote } from '../../../../test/fixtures.ts';
import { renderUi } from '../../../ui/test-utils.tsx';
import { PricePanel } from './price-panel.tsx';

describe('the quote page price from the one price breakdown (issue 10 item 3)', () => {
  it('quote page: the free months and "To pay today: £0.00", never a first payment beside them', () => {
    const { quote, price } = hc3mQuote();
    renderUi(<PricePanel quote={quote} />);
    expect(screen.getByTestId('free-months')).toHaveTextContent('Your first 3 months are free');
    expect(screen.getByTestId('price-due-today')).toHaveTextContent('To pay today: £0.00');
    expect(screen.queryByText(/First payment/)).toBeNull();
    expect(pence(screen.getByTestId('monthly-price').textContent)).toBe(price.monthly!.regular);
    expect(Number(screen.getByTestId('annual-price').textContent)).toBe(price.total);
  });
});

/** A quote priced in full (annual or driveaway, ADR 245): no monthly figures. */
function paidInFullQuote() {
  const base = sampleQuote();
  const price = breakdownOf(base.priceBreakdown, { iptRate: 0.12, freeMonths: 0, monthly: false });
  return { quote: sampleQuote({ priceBreakdown: price.lines, totals: totalsOf(price) }), price };
}

describe('the price per product kind (ADR 245)', () => {
  it('annual: "£x for 12 months", no monthly price and no "a year in total" line', () => {
    const { quote, price } = paidInFullQuote();
    renderUi(<PricePanel quote={quote} term="P1Y" />);
    expect(screen.getByTestId('term-price').parentElement).toHaveTextContent(/^£[\d,]+\.\d\d for 12 months$/);
    expect(pence(screen.getByTestId('term-price').textContent)).toBe(price.total);
    expect(screen.queryByTestId('monthly-price')).toBeNull();
    expect(screen.queryByText(/a year in total/)).toBeNull();
  });

  it('driveaway: "£x for 7 days"; a subscription keeps "a month"', () => {
    const { quote } = paidInFullQuote();
    const { unmount } = renderUi(<PricePanel quote={quote} term="P7D" />);
    expect(screen.getByTestId('term-price').parentElement).toHaveTextContent(/ for 7 days$/);
    unmount();
    renderUi(<PricePanel quote={hc3mQuote().quote} term="P1M" />);
    expect(screen.getByTestId('monthly-price').parentElement).toHaveTextContent(/a month$/);
    expect(screen.queryByTestId('term-price')).toBeNull();
  });
});
