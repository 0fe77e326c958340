import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { useSnackbar } from './snackbar.tsx';

function Trigger({ text = 'Saved' }: { text?: string }) {
  const snackbar = useSnackbar();
  return (
    <button type="button" onClick={() => snackbar.show(text)}>
      Show
    </button>
  );
}

describe('Snackbar', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the message at the top centre and hides it after 4000 ms', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUi(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(status.parentElement).toHaveClass('region');
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('restarts the 4 s timer when a new message replaces the old one', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUi(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    act(() => vi.advanceTimersByTime(3000));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be dismissed early', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUi(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('useSnackbar throws outside its provider', async () => {
    const { render } = await import('@testing-library/react');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow(/SnackbarProvider/);
  });
});
