import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Progress } from './progress.tsx';

describe('Progress', () => {
  it('shows the fraction as a percentage', () => {
    renderUi(<Progress value={0.4} label="Quote progress" showValue />);
    const bar = screen.getByRole('progressbar', { name: 'Quote progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar.firstElementChild).toHaveStyle({ width: '40%' });
    expect(screen.getByText('40%')).toBeInTheDocument();
  });
  it('caps the value at 1 (100%) and floors it at 0', () => {
    const { unmount } = renderUi(<Progress value={1.8} label="Over" />);
    expect(screen.getByRole('progressbar', { name: 'Over' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Over' }).firstElementChild).toHaveStyle({
      width: '100%',
    });
    unmount();
    renderUi(<Progress value={-0.2} label="Under" />);
    expect(screen.getByRole('progressbar', { name: 'Under' })).toHaveAttribute('aria-valuenow', '0');
  });
});
