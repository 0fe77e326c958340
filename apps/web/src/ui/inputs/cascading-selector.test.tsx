import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { type CascadeLevel, type CascadeValue, CascadingSelector } from './cascading-selector.tsx';
import { emitted, Hold } from './test-harness.tsx';

// A tiny vehicle catalogue: fuel → body → trim, each level narrowed by the choices above.
const cars = [
  { fuel: 'Petrol', body: 'Hatchback', trim: 'Zetec' },
  { fuel: 'Petrol', body: 'Hatchback', trim: 'Titanium' },
  { fuel: 'Petrol', body: 'Estate', trim: 'Titanium' },
  { fuel: 'Diesel', body: 'Estate', trim: 'Titanium X' },
];
const opts = (xs: string[]) => [...new Set(xs)].map((x) => ({ value: x, label: x }));
function levelsFor(v: CascadeValue, error?: string): CascadeLevel[] {
  const byFuel = cars.filter((c) => !v.fuel || c.fuel === v.fuel);
  const byBody = byFuel.filter((c) => !v.body || c.body === v.body);
  return [
    { key: 'fuel', label: 'Fuel', options: opts(cars.map((c) => c.fuel)) },
    { key: 'body', label: 'Body style', options: opts(byFuel.map((c) => c.body)) },
    { key: 'trim', label: 'Trim', options: opts(byBody.map((c) => c.trim)), error },
  ];
}
const setup = (error?: string) =>
  renderUi(
    <Hold<CascadeValue> initial={{}}>
      {(value, onChange) => (
        <CascadingSelector levels={levelsFor(value, error)} value={value} onChange={onChange} />
      )}
    </Hold>,
  );

describe('CascadingSelector', () => {
  it('shows each level once those above are chosen', async () => {
    setup();
    expect(screen.getByLabelText('Fuel')).toBeInTheDocument();
    expect(screen.queryByLabelText('Body style')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    expect(screen.getByLabelText('Body style')).toBeInTheDocument();
    expect(screen.queryByLabelText('Trim')).toBeNull();
  });

  it('auto-selects a level left with exactly one option, down the chain', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Diesel');
    expect(emitted(screen)).toEqual({ fuel: 'Diesel', body: 'Estate', trim: 'Titanium X' });
    expect(screen.getByLabelText('Trim')).toHaveValue('Titanium X');
  });

  it('changing an earlier choice clears the later ones', async () => {
    setup();
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    await userEvent.selectOptions(screen.getByLabelText('Body style'), 'Hatchback');
    await userEvent.selectOptions(screen.getByLabelText('Trim'), 'Zetec');
    expect(emitted(screen)).toEqual({ fuel: 'Petrol', body: 'Hatchback', trim: 'Zetec' });
    await userEvent.selectOptions(screen.getByLabelText('Body style'), 'Estate');
    // Estate petrol has one trim: cleared, then auto-selected afresh.
    expect(emitted(screen)).toEqual({ fuel: 'Petrol', body: 'Estate', trim: 'Titanium' });
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), '');
    expect(emitted(screen)).toEqual({});
    expect(screen.queryByLabelText('Body style')).toBeNull();
  });

  it('shows a field error beneath its level', async () => {
    setup('Choose a trim');
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    await userEvent.selectOptions(screen.getByLabelText('Body style'), 'Hatchback');
    expect(screen.getByLabelText('Trim')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Trim')).toHaveAccessibleDescription('Choose a trim');
  });
});
