import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplePayment } from '../../../../test/fixtures.ts';
import { mockFetch, type Reply, reply } from '../../../../test/mock-fetch.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { renderUi } from '../../../ui/test-utils.tsx';
import { CardTokenForm } from './card-token-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const paymentId = '7d0c1c8e-4a57-4d5e-9d7f-3f0c7c1b2a10';

function setup(
  answer: Reply = reply(endpoints.settleByToken, samplePayment({ paymentId, status: 'SETTLED' })),
  user = userEvent.setup(),
) {
  const calls = mockFetch((method, path) =>
    method === 'POST' && path === '/stripe/moto/checkout' ? answer : undefined,
  );
  const onPaid = vi.fn();
  renderUi(
    <CardTokenForm
      paymentId={paymentId}
      amount={4321}
      itemName="Car insurance"
      dateOfBirthOnFile="1991-03-15"
      onPaid={onPaid}
    />,
  );
  const submit = () => screen.getByRole('button', { name: /take payment of £43\.21/i });
  const fill = async (token = 'tok_visa123', postcode = 'ls1 5hd', dob = ['15', '03', '1991']) => {
    await user.type(screen.getByLabelText(/card token/i), token);
    await user.type(screen.getByLabelText(/billing postcode/i), postcode);
    await user.type(screen.getByLabelText(/day/i), dob[0] ?? '');
    await user.type(screen.getByLabelText(/month/i), dob[1] ?? '');
    await user.type(screen.getByLabelText(/year/i), dob[2] ?? '');
  };
  return { calls, onPaid, submit, fill, user };
}

describe('CardTokenForm', () => {
  it('keeps submit disabled until every field is valid, then pays with the trimmed, upper-cased values', async () => {
    const { calls, onPaid, submit, fill, user } = setup();
    expect(submit()).toBeDisabled();
    await fill();
    expect(screen.getByLabelText(/billing postcode/i)).toHaveValue('LS1 5HD');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      country: 'GB',
      paymentId,
      itemName: 'Car insurance',
      token: 'tok_visa123',
      postalCode: 'LS1 5HD',
      dateOfBirth: '1991-03-15',
    });
  });

  it('trims a pasted token', async () => {
    const { user } = setup();
    const input = screen.getByLabelText(/card token/i);
    await user.click(input);
    await user.paste('  tok_pasted99  ');
    expect(input).toHaveValue('tok_pasted99');
  });

  it('rejects a token without the tok_ prefix and a postcode that is not a UK one', async () => {
    const { fill, submit } = setup();
    await fill('card_123', 'ABC');
    expect(await screen.findByText('A card token starts with tok_')).toBeInTheDocument();
    expect(screen.getByText('Enter a UK postcode')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('requires the date of birth on file', async () => {
    const { fill, submit } = setup();
    await fill('tok_abc', 'LS1 5HD', ['16', '03', '1991']);
    expect(
      await screen.findByText('This is not the date of birth we have for the customer'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('shows a 402 decline inline with the decline code in brackets', async () => {
    const { fill, submit, user, onPaid } = setup({
      status: 402,
      body: { code: 'PAYMENT_REQUIRED', message: 'Your card was declined.', declineCode: 'card_declined' },
    });
    await fill();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByTestId('settle-error')).toHaveTextContent(
      'Your card was declined. (card_declined)',
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows a 400 message inline, and the timed-out message for an expired token', async () => {
    const { fill, submit, user } = setup({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'The card token must be used within 10 minutes. Generate a new one.',
      },
    });
    await fill();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText(/token has timed out/i)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('times a token out after 10 minutes and lets a new token through', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fill, submit } = setup(undefined, user);
    await fill();
    await waitFor(() => expect(submit()).toBeEnabled());
    vi.advanceTimersByTime(10 * 60 * 1000 + 1);
    expect(await screen.findByText(/token has timed out/i)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    const input = screen.getByLabelText(/card token/i);
    await user.clear(input);
    await user.type(input, 'tok_fresh42');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText(/token has timed out/i)).not.toBeInTheDocument();
  });
});
