import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { ConfirmableValue } from './confirmable-value.tsx';
import { emitted, Hold } from './test-harness.tsx';

const setup = (initial: string | null, overridable = false, onModeChange = vi.fn()) => {
  renderUi(
    <Hold<string | null> initial={initial}>
      {(value, onChange) => (
        <ConfirmableValue<string>
          value={value}
          onChange={onChange}
          overridable={overridable}
          onModeChange={onModeChange}
          renderValue={(v) => <p>Address: {v}</p>}
          renderSearch={(set) => (
            <button type="button" onClick={() => set('1 New Street')}>
              Pick 1 New Street
            </button>
          )}
          renderOverride={(set) => (
            <button type="button" onClick={() => set('Manual address')}>
              Save manual address
            </button>
          )}
        />
      )}
    </Hold>,
  );
  return onModeChange;
};

describe('ConfirmableValue', () => {
  it('starts in view when a value exists', () => {
    setup('10 Old Road');
    expect(screen.getByText('Address: 10 Old Road')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick 1 New Street' })).toBeNull();
  });

  it('starts in change (the search) when there is no value; setting one moves to view', async () => {
    setup(null);
    await userEvent.click(screen.getByRole('button', { name: 'Pick 1 New Street' }));
    expect(emitted(screen)).toBe('1 New Street');
    expect(screen.getByText('Address: 1 New Street')).toBeInTheDocument();
  });

  it('change clears the value and shows the search; reset returns to view with the previous value', async () => {
    const onMode = setup('10 Old Road');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(emitted(screen)).toBeNull();
    expect(onMode).toHaveBeenLastCalledWith('change');
    expect(screen.getByRole('button', { name: 'Pick 1 New Street' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(emitted(screen)).toBe('10 Old Road');
    expect(screen.getByText('Address: 10 Old Road')).toBeInTheDocument();
    expect(onMode).toHaveBeenLastCalledWith('view');
  });

  it('offers override only when overridable; it shows the override form', async () => {
    setup('10 Old Road');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.queryByRole('button', { name: 'Enter it manually' })).toBeNull();
  });

  it('override shows the override form, whose value then shows in view', async () => {
    setup('10 Old Road', true);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enter it manually' }));
    expect(screen.queryByRole('button', { name: 'Pick 1 New Street' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save manual address' }));
    expect(emitted(screen)).toBe('Manual address');
    expect(screen.getByText('Address: Manual address')).toBeInTheDocument();
  });

  it('reset from override also returns to the previous value', async () => {
    setup('10 Old Road', true);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enter it manually' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Address: 10 Old Road')).toBeInTheDocument();
  });
});
