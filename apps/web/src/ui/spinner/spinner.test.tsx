import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it("announces 'Loading' by default, or the label given", () => {
    renderUi(
      <>
        <Spinner />
        <Spinner label="Finding your car" size="large" />
      </>,
    );
    const [first, second] = screen.getAllByRole('status');
    expect(first).toHaveTextContent('Loading');
    expect(second).toHaveTextContent('Finding your car');
    expect(second?.querySelector('.spinner')).toHaveClass('large');
  });

  it('is silent when decorative', () => {
    const { container } = renderUi(<Spinner label="" size="small" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.spinner')).toHaveAttribute('aria-hidden', 'true');
  });
});
