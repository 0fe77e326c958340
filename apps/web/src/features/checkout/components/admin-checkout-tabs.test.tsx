import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../../test/render-route.tsx';
import { AdminCheckoutTabs, type AdminTab } from './admin-checkout-tabs.tsx';

// Which tabs a checkout offers is the domain's adminCheckoutWays (tested there); these test the tabs widget.
function setup(url: string) {
  const ids: AdminTab['id'][] = ['ddWithCard', 'ddOnly'];
  const tabs = ids.map((id) => ({ id, content: <p>panel {id}</p> }));
  return renderRoute('/checkout', <AdminCheckoutTabs tabs={tabs} />, url);
}

describe('AdminCheckoutTabs', () => {
  it('labels each way to activate', () => {
    renderRoute(
      '/checkout',
      <AdminCheckoutTabs tabs={[{ id: 'cardOnly', content: <p>panel</p> }]} />,
      '/checkout',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Card payment']);
  });

  it('selects the tab named by the tab query parameter', () => {
    setup('/checkout?tab=1');
    expect(screen.getByRole('tab', { name: 'Direct Debit only' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('panel ddOnly')).toBeInTheDocument();
  });

  it('falls back to the first tab for a missing or out-of-range tab', () => {
    setup('/checkout?tab=7');
    expect(screen.getByRole('tab', { name: 'Direct Debit with card' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('writes the choice to the tab parameter, replacing history', async () => {
    const user = userEvent.setup();
    const router = setup('/checkout');
    await user.click(screen.getByRole('tab', { name: 'Direct Debit only' }));
    expect(router.state.location.search).toBe('?tab=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('panel ddOnly')).toBeInTheDocument();
  });
});
