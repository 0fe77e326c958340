import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { MonthYearPicker } from './month-year-picker.tsx';
import { emitted, Hold } from './test-harness.tsx';

const today = new Date('2026-05-10T12:00:00Z');
const setup = (monthsAhead?: number) =>
  renderUi(
    <Hold<string | null> initial={null}>
      {(value, onChange) => (
        <MonthYearPicker
          value={value}
          onChange={onChange}
          minYear={2020}
          monthsAhead={monthsAhead}
          today={today}
        />
      )}
    </Hold>,
  );
const months = () =>
  within(screen.getByLabelText('Month'))
    .getAllByRole('option')
    .slice(1)
    .map((o) => o.textContent);

describe('MonthYearPicker', () => {
  it('emits yyyy-MM once month and year are chosen', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2024');
    expect(emitted(screen)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Mar');
    expect(emitted(screen)).toBe('2024-03');
  });

  it('offers years from the latest down to minYear', () => {
    setup();
    const years = within(screen.getByLabelText('Year'))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(years).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);
  });

  it('limits months in the latest year to the current month plus the months ahead (1 by default)', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(months()).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(months()).toHaveLength(12);
  });

  it('clears a month that the newly chosen latest year does not allow', async () => {
    setup(0);
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2025');
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Nov');
    expect(emitted(screen)).toBe('2025-11');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(months()).toHaveLength(5);
    expect(emitted(screen)).toBeNull();
    expect(screen.getByLabelText('Month')).toHaveValue('');
  });

  it('shows a value set from outside and clears when it is reset to null', async () => {
    const { rerender } = renderUi(
      <MonthYearPicker value="2024-03" onChange={() => {}} minYear={2020} today={today} />,
    );
    expect(screen.getByLabelText('Month')).toHaveDisplayValue('Mar');
    expect(screen.getByLabelText('Year')).toHaveDisplayValue('2024');
    rerender(<MonthYearPicker value={null} onChange={() => {}} minYear={2020} today={today} />);
    expect(screen.getByLabelText('Month')).toHaveValue('');
    expect(screen.getByLabelText('Year')).toHaveValue('');
  });
});
