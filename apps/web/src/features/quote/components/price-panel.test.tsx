import { breakdownOf, totalsOf } from '@forecourt/domain/rating/price';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../../../../test/fixtures.ts';
import { renderUi } from '../../../ui/test-utils.tsx';
import { PricePanel } from './price-panel.tsx';

/** A quote with HC3M applied, priced by the domain as the API rates it. */
function hc3mQuote() {
  const base = sampleQuote();
  const price = breakdownOf(base.priceBreakdown, {
    iptRate: 0.12,
    freeMonths: 3,
    monthly: true,
    promoCode: 'HC3M',
  });
  return {
    quote: sampleQuote({ promoCode: 'HC3M', priceBreakdown: price.lines, totals: totalsOf(price) }),
    price,
  };
}

const pence = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

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
