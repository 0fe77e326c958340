import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { DateOfBirthInput } from './date-of-birth-input.tsx';
import { emitted, Hold } from './test-harness.tsx';

const setup = (initial: string | null = null) =>
  renderUi(
    <Hold<string | null> initial={initial}>
      {(value, onChange) => <DateOfBirthInput value={value} onChange={onChange} />}
    </Hold>,
  );

describe('DateOfBirthInput', () => {
  it('takes digits only, moves focus on after 2 digits and emits the ISO date when complete', async () => {
    setup();
    const day = screen.getByLabelText('Day');
    await userEvent.click(day);
    await userEvent.keyboard('0a3');
    expect(day).toHaveValue('03');
    expect(screen.getByLabelText('Month')).toHaveFocus();
    await userEvent.keyboard('07');
    expect(screen.getByLabelText('Year')).toHaveFocus();
    await userEvent.keyboard('198');
    expect(emitted(screen)).toBeNull();
    await userEvent.keyboard('5');
    expect(emitted(screen)).toBe('1985-07-03');
  });

  it('limits day and month to 2 characters and the year to 4 starting with 1 or 2', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Year'), '3');
    expect(screen.getByLabelText('Year')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Year'), '200012');
    expect(screen.getByLabelText('Year')).toHaveValue('2000');
    await userEvent.type(screen.getByLabelText('Month'), '123');
    expect(screen.getByLabelText('Month')).toHaveValue('12');
  });

  it('zero-pads a single-digit day and month when leaving the box', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Day'), '3');
    await userEvent.tab();
    expect(screen.getByLabelText('Day')).toHaveValue('03');
    await userEvent.type(screen.getByLabelText('Month'), '7');
    await userEvent.type(screen.getByLabelText('Year'), '1990');
    expect(screen.getByLabelText('Month')).toHaveValue('07');
    expect(emitted(screen)).toBe('1990-07-03');
  });

  it('goes back to null when a part is removed, and for a day that does not exist', async () => {
    setup('1990-07-03');
    expect(screen.getByLabelText('Day')).toHaveValue('03');
    await userEvent.clear(screen.getByLabelText('Year'));
    expect(emitted(screen)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Day'));
    await userEvent.type(screen.getByLabelText('Day'), '31');
    await userEvent.clear(screen.getByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '02');
    await userEvent.type(screen.getByLabelText('Year'), '1990');
    expect(emitted(screen)).toBeNull();
  });

  it('uses numeric keyboards', () => {
    setup();
    for (const name of ['Day', 'Month', 'Year'])
      expect(screen.getByLabelText(name)).toHaveAttribute('inputmode', 'numeric');
  });

  it('re-seeds its boxes when the value is set from outside', () => {
    const { rerender } = renderUi(<DateOfBirthInput value={null} onChange={() => {}} />);
    rerender(<DateOfBirthInput value="2001-12-09" onChange={() => {}} />);
    expect(screen.getByLabelText('Day')).toHaveValue('09');
    expect(screen.getByLabelText('Month')).toHaveValue('12');
    expect(screen.getByLabelText('Year')).toHaveValue('2001');
  });
});
