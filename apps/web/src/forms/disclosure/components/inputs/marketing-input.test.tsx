import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emitted, Hold, renderUi } from '../../../../ui/test-utils.tsx';
import { MarketingInput } from './misc-inputs.tsx';

type Prefs = { email: boolean; phone: boolean; sms: boolean } | undefined;

describe('MarketingInput (PECR: nothing pre-ticked)', () => {
  it('shows every channel unticked until the customer ticks one', async () => {
    renderUi(
      <Hold<Prefs> initial={undefined}>
        {(value, onChange) => <MarketingInput id="m" value={value} onChange={onChange} />}
      </Hold>,
    );
    for (const box of ['#m-email', '#m-phone', '#m-sms']) {
      expect(document.querySelector<HTMLInputElement>(box)).not.toBeChecked();
    }
    await userEvent.click(document.querySelector('#m-email') as HTMLElement);
    expect(emitted(screen)).toEqual({ email: true, phone: false, sms: false });
    await userEvent.click(document.querySelector('#m-none') as HTMLElement);
    expect(emitted(screen)).toEqual({ email: false, phone: false, sms: false });
    // unticking 'none' never opts the customer in
    await userEvent.click(document.querySelector('#m-none') as HTMLElement);
    expect(emitted(screen)).toEqual({ email: false, phone: false, sms: false });
  });
});
