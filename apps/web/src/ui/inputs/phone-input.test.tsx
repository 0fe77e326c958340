import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Field } from '../field/field.tsx';
import { renderUi } from '../test-utils.tsx';
import { PhoneInput } from './phone-input.tsx';
import { emitted, Hold } from './test-harness.tsx';

function Form({ submitted }: { submitted: (v: unknown) => void }) {
  const { control, handleSubmit } = useForm({ defaultValues: { phone: '' } });
  return (
    <form onSubmit={handleSubmit((v) => submitted(v))}>
      <Controller
        control={control}
        name="phone"
        render={({ field }) => <Field label="Phone number">{(a) => <PhoneInput {...a} {...field} />}</Field>}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('PhoneInput', () => {
  it("shows the brand's +44 prefix, strips non-digits and drops one leading 0", async () => {
    renderUi(
      <Hold initial="">
        {(value, onChange) => <PhoneInput aria-label="Mobile" value={value} onChange={onChange} />}
      </Hold>,
    );
    expect(screen.getByText('+44')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile'), '07700 900-123');
    expect(screen.getByLabelText('Mobile')).toHaveValue('7700900123');
    expect(emitted(screen)).toBe('+447700900123');
  });

  it('takes a pasted international number without doubling the code', async () => {
    renderUi(
      <Hold initial="">
        {(value, onChange) => <PhoneInput aria-label="Mobile" value={value} onChange={onChange} />}
      </Hold>,
    );
    await userEvent.click(screen.getByLabelText('Mobile'));
    await userEvent.paste('+44 (0)7700 900123');
    expect(emitted(screen)).toBe('+447700900123');
  });

  it.each(['+44 7700 900123', '0044 7700 900123'])('takes %s typed key by key', async (typed) => {
    renderUi(
      <Hold initial="">
        {(value, onChange) => <PhoneInput aria-label="Phone" value={value} onChange={onChange} />}
      </Hold>,
    );
    await userEvent.type(screen.getByLabelText('Phone'), typed);
    expect(emitted(screen)).toBe('+447700900123');
    expect(screen.getByLabelText('Phone')).toHaveValue(typed);
  });

  it('uses a given prefix', async () => {
    renderUi(
      <Hold initial="">
        {(value, onChange) => (
          <PhoneInput aria-label="Phone" prefix="+353" value={value} onChange={onChange} />
        )}
      </Hold>,
    );
    await userEvent.type(screen.getByLabelText('Phone'), '0851234567');
    expect(emitted(screen)).toBe('+353851234567');
  });

  it('works inside a react-hook-form Controller', async () => {
    const submitted = vi.fn();
    renderUi(<Form submitted={submitted} />);
    await userEvent.type(screen.getByLabelText('Phone number'), '07700900123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledWith({ phone: '+447700900123' });
  });
});
