import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from '../field/field.tsx';
import { renderUi } from '../test-utils.tsx';
import { Checkbox } from './checkbox.tsx';
import { RadioGroup } from './radio-group.tsx';
import { Select } from './select.tsx';
import { emitted, Hold } from './test-harness.tsx';
import { TextInput } from './text-input.tsx';

describe('TextInput', () => {
  it('is a labelled controlled box that can transform what is typed', async () => {
    renderUi(
      <Hold initial="">
        {(value, onChange) => (
          <Field label="Postcode" error="Enter a postcode">
            {(c) => <TextInput {...c} value={value} onChange={onChange} transform={(v) => v.toUpperCase()} />}
          </Field>
        )}
      </Hold>,
    );
    await userEvent.type(screen.getByLabelText('Postcode'), 'sw1a 1aa');
    expect(emitted(screen)).toBe('SW1A 1AA');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Checkbox', () => {
  it('yields a boolean', async () => {
    renderUi(
      <Hold initial={false}>
        {(value, onChange) => <Checkbox label="I agree to the terms" value={value} onChange={onChange} />}
      </Hold>,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the terms' }));
    expect(emitted(screen)).toBe(true);
    await userEvent.click(screen.getByText('I agree to the terms'));
    expect(emitted(screen)).toBe(false);
  });
});

describe('RadioGroup', () => {
  it('yields the chosen value, null until chosen', async () => {
    renderUi(
      <Hold<string | null> initial={null}>
        {(value, onChange) => (
          <Field label="How do you pay?" group>
            {(c) => (
              <RadioGroup
                {...c}
                value={value}
                onChange={onChange}
                options={[
                  { value: 'card', label: 'Card', hint: 'Visa or Mastercard' },
                  { value: 'dd', label: 'Direct Debit' },
                ]}
              />
            )}
          </Field>
        )}
      </Hold>,
    );
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    expect(emitted(screen)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Direct Debit/ }));
    expect(emitted(screen)).toBe('dd');
    expect(screen.getByRole('radio', { name: /Card/ })).not.toBeChecked();
  });
});

describe('Select', () => {
  it("starts on 'Please select' (null) and yields the chosen value", async () => {
    renderUi(
      <Hold<string | null> initial={null}>
        {(value, onChange) => (
          <Field label="Title">
            {(c) => (
              <Select
                {...c}
                value={value}
                onChange={onChange}
                options={[
                  { value: 'MR', label: 'Mr' },
                  { value: 'MS', label: 'Ms' },
                ]}
              />
            )}
          </Field>
        )}
      </Hold>,
    );
    expect(screen.getByLabelText('Title')).toHaveDisplayValue('Please select');
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'Ms');
    expect(emitted(screen)).toBe('MS');
  });
});
