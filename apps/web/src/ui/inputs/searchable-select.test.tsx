import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { SearchableSelect } from './searchable-select.tsx';
import { emitted, Hold } from './test-harness.tsx';

const options = [
  { value: 'AUD', label: 'Audi' },
  { value: 'BMW', label: 'BMW' },
  { value: 'FOR', label: 'Ford' },
  { value: 'VAU', label: 'Vauxhall' },
  { value: 'VW', label: 'Volkswagen' },
];
const setup = () =>
  renderUi(
    <Hold<string | null> initial={null}>
      {(value, onChange) => (
        <SearchableSelect aria-label="Make" options={options} value={value} onChange={onChange} />
      )}
    </Hold>,
  );
const shown = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('SearchableSelect', () => {
  it('filters by a case-insensitive substring of the label', async () => {
    setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Make' }));
    expect(shown()).toHaveLength(5);
    await userEvent.keyboard('AU');
    expect(shown()).toEqual(['Audi', 'Vauxhall']);
    await userEvent.keyboard('x');
    expect(shown()).toEqual(['Vauxhall']);
  });

  it('Enter picks only when exactly one option matches', async () => {
    setup();
    await userEvent.type(screen.getByRole('combobox'), 'o');
    await userEvent.keyboard('{Enter}');
    expect(emitted(screen)).toBeNull();
    await userEvent.keyboard('rd{Enter}');
    expect(emitted(screen)).toBe('FOR');
    expect(screen.getByRole('combobox')).toHaveValue('Ford');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("says 'Sorry, no matches found' when nothing matches", async () => {
    setup();
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(shown()).toEqual([]);
    expect(screen.getByText('Sorry, no matches found')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(emitted(screen)).toBeNull();
  });

  it('picks with a click or from the keyboard, and typing again clears the choice', async () => {
    setup();
    await userEvent.type(screen.getByRole('combobox'), 'v');
    await userEvent.click(screen.getByRole('option', { name: 'Volkswagen' }));
    expect(emitted(screen)).toBe('VW');
    await userEvent.type(screen.getByRole('combobox'), 'x');
    expect(emitted(screen)).toBeNull();
    await userEvent.clear(screen.getByRole('combobox'));
    await userEvent.type(screen.getByRole('combobox'), 'b');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'BMW' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(emitted(screen)).toBe('BMW');
  });
});
