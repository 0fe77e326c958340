import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary', () => {
  it('shows an apology with a reload button instead of a blank page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onCaughtError = vi.fn();
    render(
      <I18nextProvider i18n={createI18n({})}>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
      { onCaughtError },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, something went wrong');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(onCaughtError).toHaveBeenCalled();
    warn.mockRestore();
  });
});
