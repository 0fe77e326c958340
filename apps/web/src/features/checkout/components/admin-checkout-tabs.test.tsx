import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render-route.tsx';
import { AdminCheckoutTabs, adminTabIds } from './admin-checkout-tabs.tsx';

function setup(url: string, paymentDue: boolean) {
  const tabs = adminTabIds(paymentDue).map((id) => ({ id, content: <p>panel {id}</p> }));
  return renderRoute('/checkout', <AdminCheckoutTabs tabs={tabs} />, url);
}

describe('AdminCheckoutTabs', () => {
  it('offers Direct Debit with card only when a customer payment is due', () => {
    expect(adminTabIds(true)).toEqual(['ddWithCard', 'ddOnly']);
    expect(adminTabIds(false)).toEqual(['ddOnly']);
    setup('/checkout', false);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Direct Debit only']);
  });

  it('selects the tab named by the tab query parameter', () => {
    setup('/checkout?tab=1', true);
    expect(screen.getByRole('tab', { name: 'Direct Debit only' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('panel ddOnly')).toBeInTheDocument();
  });

  it('falls back to the first tab for a missing or out-of-range tab', () => {
    setup('/checkout?tab=7', true);
    expect(screen.getByRole('tab', { name: 'Direct Debit with card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('writes the choice to the tab parameter, replacing history', async () => {
    const user = userEvent.setup();
    const router = setup('/checkout', true);
    await user.click(screen.getByRole('tab', { name: 'Direct Debit only' }));
    expect(router.state.location.search).toBe('?tab=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('panel ddOnly')).toBeInTheDocument();
  });
});
