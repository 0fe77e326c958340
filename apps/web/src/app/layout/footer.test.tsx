import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi, testConfig } from '../../ui/test-utils.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it('names who arranges the insurance instead of pointing at something "named above"', () => {
    renderUi(<Footer />);
    const legal = screen.getByText(/car insurance is arranged by/);
    expect(legal).toHaveTextContent(`arranged by ${testConfig.footer.poweredBy}.`);
    expect(legal).not.toHaveTextContent(/named above/);
  });
});
