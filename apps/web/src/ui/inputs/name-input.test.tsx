import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from '../field/field.tsx';
import { renderUi } from '../test-utils.tsx';
import { NameInput, type NameValue } from './name-input.tsx';
import { emitted, Hold } from './test-harness.tsx';

describe('NameInput', () => {
  it('has labelled first and last name boxes and trims leading whitespace as typed', async () => {
    renderUi(
      <Hold<NameValue> initial={{ firstName: '', lastName: '' }}>
        {(value, onChange) => <NameInput value={value} onChange={onChange} />}
      </Hold>,
    );
    await userEvent.type(screen.getByLabelText('First name'), '   Mary Ann');
    await userEvent.type(screen.getByLabelText('Last name'), ' \tSmith ');
    expect(screen.getByLabelText('First name')).toHaveValue('Mary Ann');
    expect(emitted(screen)).toEqual({ firstName: 'Mary Ann', lastName: 'Smith ' });
  });

  it('takes the Field error and description on both boxes', () => {
    renderUi(
      <Field label="Your name" group error="Enter your last name">
        {(control) => (
          <NameInput
            {...control}
            value={{ firstName: 'Ann', lastName: '' }}
            onChange={() => {}}
            invalidPart="lastName"
          />
        )}
      </Field>,
    );
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
  });
});
