import type { Section } from '@forecourt/contracts/product-config';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/test-utils.tsx';
import type { FormContext } from '../engine/types.ts';
import { DisclosureForm } from './disclosure-form.tsx';

// Issue 27 §6 (ADR 350) in the quote form: names refuse markup and digits, a surname may be one letter.
const ctx: FormContext = {
  anonymous: true,
  admin: false,
  features: {},
  promotion: null,
  schemeCode: 'FCMOTOR1',
  now: new Date('2026-11-21T10:00:00Z'),
  data: {},
  inputRules: { name: { required: true, minLength: 2, maxLength: 30 } },
  phone: { prefix: '+44', regex: '^7[0-9]{9}$' },
};
const section: Section = {
  id: 'about-you',
  disclosureType: 'POLICYHOLDER',
  progressStep: 'aboutYou',
  conditions: [],
  skippable: false,
  questions: [{ id: 'name', input: 'name', target: 'profile', spread: true }],
};

describe('the name question', () => {
  it('says names take letters, and accepts a one-letter surname', async () => {
    const onSubmit = vi.fn();
    renderUi(
      <DisclosureForm
        section={section}
        defaultValues={{}}
        ctx={ctx}
        optionSets={{}}
        startDate={{ daysInFuture: 0, days: 30 }}
        onSubmit={onSubmit}
        submitLabel="Continue"
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), '<b>12</b>');
    await user.type(screen.getByLabelText('Last name'), 'O');
    expect(
      await screen.findByText('Names can only use letters, spaces, hyphens and apostrophes'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Su-Min');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: { firstName: 'Su-Min', lastName: 'O' } });
  });
});
