import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hc3mQuote, pence } from '../../../../test/fixtures.ts';
import { renderUi } from '../../../ui/test-utils.tsx';
import { AmountDue } from './amount-due.tsx';
import { PriceBreakdown } from './price-breakdown.tsx';

describe('one price breakdown on the summary and checkout (issue 10 item 3)', () => {
  it('summary: premium before tax + tax = total, the free months stated, nothing due today', () => {
    const { quote, price } = hc3mQuote();
    renderUi(<PriceBreakdown quote={quote} />);
    const net = pence(screen.getByTestId('price-net').textContent);
    const ipt = pence(screen.getByTestId('price-ipt').textContent);
    const total = pence(screen.getByTestId('price-total').textContent);
    expect(net + ipt).toBe(total);
    expect(total).toBe(price.total);
    expect(ipt).toBe(Math.round(net * 0.12));
    expect(screen.getByText('Promotion HC3M: first 3 months free')).toBeVisible();
    expect(screen.getByTestId('price-free-months')).toHaveTextContent('Your first 3 months are free');
    expect(screen.getByTestId('price-due-today')).toHaveTextContent('£0.00');
    expect(screen.getByTestId('price-payments')).toHaveTextContent(/^Then 9 monthly payments of £/);
  });

  it('checkout: nothing today, then the paid months', () => {
    const { quote, price } = hc3mQuote();
    renderUi(<AmountDue amount={price.dueToday} quote={quote} />);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('£0.00');
    expect(screen.getByTestId('amount-due-after')).toHaveTextContent(
      /^Your first 3 months are free\. Then 9 monthly payments of £\d+\.\d\d\.$/,
    );
  });
});
