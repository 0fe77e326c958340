import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Field } from './field.tsx';

describe('Field', () => {
  it('labels its control and wires the hint and the error beneath for assistive technology', () => {
    renderUi(
      <Field
        label="Email address"
        hint="We send your documents here"
        error="Enter a valid email address"
        required
      >
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('We send your documents here Enter a valid email address');
    const error = screen.getByText('Enter a valid email address');
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is valid without an error and marks optional fields', () => {
    renderUi(
      <Field label="Company" optional>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Company (optional)' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('groups several controls in a fieldset named by its legend', () => {
    renderUi(
      <Field label="Date of birth" group error="Enter a real date">
        {(control) => (
          <>
            <input aria-label="Day" {...control} />
            <input aria-label="Month" />
          </>
        )}
      </Field>,
    );
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group).toHaveAccessibleDescription('Enter a real date');
  });
});
