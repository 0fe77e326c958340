import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Tabs } from './tabs.tsx';

const tabs = [
  { id: 'reg', label: 'Registration', content: <p>Enter your registration</p> },
  { id: 'select', label: 'Select vehicle', content: <p>Choose year and make</p> },
  { id: 'other', label: 'Other', content: <p>Something else</p> },
];

describe('Tabs', () => {
  it('selects index 0 by default and shows its panel only', () => {
    renderUi(<Tabs label="Find your car" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Find your car' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Select vehicle' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Enter your registration');
    expect(screen.queryByText('Choose year and make')).toBeNull();
  });

  it('selects a tab on click and reports the index', async () => {
    const onChange = vi.fn();
    renderUi(<Tabs label="Find" tabs={tabs} onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Select vehicle' }));
    expect(onChange).toHaveBeenCalledWith(1);
    expect(screen.getByRole('tabpanel', { name: 'Select vehicle' })).toHaveTextContent(
      'Choose year and make',
    );
  });

  it('moves with the arrow keys, wrapping, and Home/End', async () => {
    renderUi(<Tabs label="Find" tabs={tabs} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Registration' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Select vehicle' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Select vehicle' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveFocus();
  });

  it('honours a controlled selectedIndex and a defaultIndex', () => {
    const { unmount } = renderUi(<Tabs label="Find" tabs={tabs} selectedIndex={2} />);
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    unmount();
    renderUi(<Tabs label="Find" tabs={tabs} defaultIndex={1} />);
    expect(screen.getByRole('tab', { name: 'Select vehicle' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Select vehicle' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Registration' })).toHaveAttribute('tabindex', '-1');
  });
});
