import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { LicencePlateInput } from './licence-plate-input.tsx';
import { emitted, Hold } from './test-harness.tsx';

const setup = (onMeta = vi.fn()) => {
  renderUi(
    <Hold initial="">
      {(value, onChange) => (
        <LicencePlateInput
          aria-label="Registration"
          value={value}
          onChange={(v, meta) => {
            onChange(v);
            onMeta(meta);
          }}
        />
      )}
    </Hold>,
  );
  return onMeta;
};

describe('LicencePlateInput', () => {
  it('upper-cases, drops spaces and hyphens and formats with the brand formats and divider', async () => {
    const onMeta = setup();
    await userEvent.type(screen.getByLabelText('Registration'), 'ab-12 cde');
    expect(screen.getByLabelText('Registration')).toHaveValue('AB12 CDE');
    expect(emitted(screen)).toBe('AB12 CDE');
    expect(onMeta).toHaveBeenLastCalledWith({ complete: true });
  });

  it('formats a partial plate while typing and says it is incomplete', async () => {
    const onMeta = setup();
    await userEvent.type(screen.getByLabelText('Registration'), 'ab12c');
    expect(screen.getByLabelText('Registration')).toHaveValue('AB12 C');
    expect(onMeta).toHaveBeenLastCalledWith({ complete: false });
  });

  it('uses the plate font on a rear (accent) plate by default, or a front plate', () => {
    renderUi(
      <>
        <LicencePlateInput aria-label="Rear" value="" onChange={() => {}} />
        <LicencePlateInput aria-label="Front" plate="front" value="" onChange={() => {}} />
      </>,
    );
    expect(screen.getByLabelText('Rear').parentElement).toHaveClass('plate', 'rear');
    expect(screen.getByLabelText('Front').parentElement).toHaveClass('plate', 'front');
    expect(screen.getByLabelText('Rear')).toHaveClass('input');
  });
});
