import type { Section } from '@forecourt/contracts/product-config';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../ui/test-utils.tsx';
import type { FormContext } from '../engine/types.ts';
import { DisclosureForm } from './disclosure-form.tsx';

const ctx: FormContext = {
  anonymous: true,
  admin: false,
  features: {},
  promotion: null,
  schemeCode: 'FCMOTOR1',
  now: new Date('2026-11-21T10:00:00Z'),
  data: {},
  inputRules: {},
  phone: { prefix: '+44', regex: '^7[0-9]{9}$' },
};

const section: Section = {
  id: 'test',
  disclosureType: 'POLICYHOLDER',
  progressStep: 'aboutYou',
  conditions: [],
  skippable: false,
  questions: [
    { id: 'employmentStatus', input: 'select', target: 'profile', path: 'employmentStatus', options: 'emp' },
    {
      id: 'occupation',
      input: 'text',
      target: 'profile',
      path: 'occupation',
      conditions: [{ field: 'employmentStatus', in: ['FT'] }],
    },
    {
      id: 'annualMileage',
      input: 'numberText',
      target: 'asset',
      path: 'annualMileage',
      rules: { lessThanOrEqual: 99999 },
    },
    { id: 'hasClaims', input: 'yesNo', target: 'none' },
    {
      id: 'claims',
      input: 'loop',
      target: 'profile',
      path: 'vehicleClaimsHistory',
      conditions: [{ field: 'hasClaims', equals: true }],
      rules: { minItems: 1 },
      itemTitle: 'type',
      item: [
        { id: 'type', input: 'select', path: 'type', options: 'claim' },
        { id: 'ncdAffected', input: 'yesNo', path: 'ncdAffected' },
      ],
    },
  ],
};

function setup(defaults = {}) {
  const onSubmit = vi.fn();
  renderUi(
    <DisclosureForm
      section={section}
      defaultValues={defaults}
      ctx={ctx}
      optionSets={{ emp: ['FT', 'NIW'], claim: ['Windscreen', 'Theft-Vehicle'] }}
      startDate={{ daysInFuture: 0, days: 30 }}
      onSubmit={onSubmit}
      submitLabel="Continue"
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}
const submit = () => screen.getByRole('button', { name: 'Continue' });

describe('DisclosureForm', () => {
  it('keeps submit disabled until every visible question is valid, then submits the answers', async () => {
    const { user, onSubmit } = setup();
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Employment status'), 'NIW');
    await user.type(screen.getByLabelText('How many miles a year do you drive?'), '8000');
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ employmentStatus: 'NIW', annualMileage: 8000, hasClaims: false });
  });

  it('validates on change with the per-rule message, falling back to the default', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('How many miles a year do you drive?'), '123456');
    expect(await screen.findByText('This number is too large')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('How many miles a year do you drive?'));
    expect(await screen.findByText('Please answer this question to continue')).toBeInTheDocument();
  });

  it('shows a question only while its condition holds and drops its answer when hidden', async () => {
    const { user, onSubmit } = setup({ hasClaims: false, annualMileage: 5000 });
    expect(screen.queryByLabelText('Occupation')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Employment status'), 'FT');
    await user.type(screen.getByLabelText('Occupation'), 'Teacher');
    await user.selectOptions(screen.getByLabelText('Employment status'), 'NIW');
    expect(screen.queryByLabelText('Occupation')).not.toBeInTheDocument();
    await user.click(submit());
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('occupation');
    await user.selectOptions(screen.getByLabelText('Employment status'), 'FT');
    expect(screen.getByLabelText('Occupation')).toHaveValue('');
  });

  it('counts the questions still to answer in a fixed bar and "show me" reveals the first error', async () => {
    const { user } = setup();
    const bar = screen.getByTestId('error-bar');
    expect(bar).toHaveTextContent('3 questions need an answer');
    await user.type(screen.getByLabelText('How many miles a year do you drive?'), '100');
    expect(bar).toHaveTextContent('2 questions need an answer');
    await user.click(within(bar).getByRole('button', { name: 'Show me' }));
    expect(await screen.findAllByText('Please answer this question to continue')).not.toHaveLength(0);
    expect(screen.getByLabelText('Employment status')).toHaveFocus();
  });

  it('runs a question loop: add, confirm (validated), cancel and remove', async () => {
    const { user, onSubmit } = setup({ employmentStatus: 'NIW', annualMileage: 100 });
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText('Claim details')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getAllByText('Please answer this question to confirm')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('What happened?'), 'Windscreen');
    const loop = screen.getByText('Claim details').closest('fieldset') as HTMLElement;
    await user.click(within(loop).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Windscreen')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add a claim' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(submit());
    expect(onSubmit.mock.calls[0]?.[0].claims).toEqual([{ type: 'Windscreen', ncdAffected: false }]);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('Windscreen')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});
