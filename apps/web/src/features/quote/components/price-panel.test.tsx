import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hc3mQuote, pence } from '../../../../test/fixtures.ts';
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
