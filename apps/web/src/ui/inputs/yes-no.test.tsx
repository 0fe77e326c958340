import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from '../field/field.tsx';
import { renderUi } from '../test-utils.tsx';
import { emitted, Hold } from './test-harness.tsx';
import { YesNo } from './yes-no.tsx';

describe('YesNo', () => {
  it('yields a boolean, null until answered', async () => {
    renderUi(
      <Hold<boolean | null> initial={null}>
        {(value, onChange) => (
          <Field label="Is the car modified?" group>
            {(control) => <YesNo {...control} value={value} onChange={onChange} />}
          </Field>
        )}
      </Hold>,
    );
    expect(screen.getByRole('group', { name: 'Is the car modified?' })).toBeInTheDocument();
    expect(emitted(screen)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(emitted(screen)).toBe(true);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(emitted(screen)).toBe(false);
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  });

  it('marks both answers invalid with the Field error', () => {
    renderUi(
      <Field label="Modified?" group error="Select yes or no">
        {(control) => <YesNo {...control} value={null} onChange={() => {}} />}
      </Field>,
    );
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveAccessibleDescription('Select yes or no');
  });
});
