import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { NumberInput } from './number-input.tsx';
import { emitted, Hold } from './test-harness.tsx';

const setup = (max?: number) =>
  renderUi(
    <Hold<number | null> initial={null}>
      {(value, onChange) => (
        <NumberInput aria-label="Mileage" value={value} onChange={onChange} max={max} suffix="miles" />
      )}
    </Hold>,
  );

describe('NumberInput', () => {
  it('strips non-digits and emits a whole number', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Mileage'), '1a2,0.5');
    expect(screen.getByLabelText('Mileage')).toHaveValue('1205');
    expect(emitted(screen)).toBe(1205);
  });

  it('rejects a keystroke that would go above max', async () => {
    setup(1000);
    await userEvent.type(screen.getByLabelText('Mileage'), '1000');
    await userEvent.type(screen.getByLabelText('Mileage'), '0');
    expect(screen.getByLabelText('Mileage')).toHaveValue('1000');
    expect(emitted(screen)).toBe(1000);
  });

  it('emits null when cleared', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Mileage'), '12');
    await userEvent.clear(screen.getByLabelText('Mileage'));
    expect(emitted(screen)).toBeNull();
    expect(screen.getByText('miles')).toBeInTheDocument();
  });
});
