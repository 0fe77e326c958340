import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { DateTimePicker } from './date-time-picker.tsx';
import { emitted, Hold } from './test-harness.tsx';

const setup = (initial: string | null = null) =>
  renderUi(
    <Hold<string | null> initial={initial}>
      {(value, onChange) => (
        <DateTimePicker
          value={value}
          onChange={onChange}
          earliestYear={2024}
          latestYear={2026}
          minuteStep={15}
        />
      )}
    </Hold>,
  );
const optionTexts = (name: string) =>
  within(screen.getByLabelText(name))
    .getAllByRole('option')
    .slice(1)
    .map((o) => o.textContent);

describe('DateTimePicker', () => {
  it('offers 31 days, 12 three-letter months and years from earliest to latest + 1', () => {
    setup();
    expect(optionTexts('Day')).toHaveLength(31);
    expect(optionTexts('Month')).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(optionTexts('Year')).toEqual(['2024', '2025', '2026', '2027']);
    expect(optionTexts('Hour')).toHaveLength(24);
    expect(optionTexts('Minute')).toEqual(['00', '15', '30', '45']);
  });

  it('emits null until year, month and day are chosen, then an ISO date-time in UK time', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Day'), '14');
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'Jul');
    expect(emitted(screen)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2026');
    expect(emitted(screen)).toBe('2026-07-14T00:00:00+01:00');
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '09');
    await userEvent.selectOptions(screen.getByLabelText('Minute'), '30');
    expect(emitted(screen)).toBe('2026-07-14T09:30:00+01:00');
    await userEvent.selectOptions(screen.getByLabelText('Month'), '');
    expect(emitted(screen)).toBeNull();
  });

  it('shows a given value in its parts', () => {
    setup('2025-01-02T13:45:00Z');
    expect(screen.getByLabelText('Day')).toHaveDisplayValue('2');
    expect(screen.getByLabelText('Month')).toHaveDisplayValue('Jan');
    expect(screen.getByLabelText('Year')).toHaveDisplayValue('2025');
    expect(screen.getByLabelText('Hour')).toHaveDisplayValue('13');
    expect(screen.getByLabelText('Minute')).toHaveDisplayValue('45');
  });
});
