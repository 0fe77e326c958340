import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { PasteButton } from './paste-button.tsx';

const stubClipboard = (readText?: () => Promise<string>) =>
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: readText ? { readText } : {},
  });

describe('PasteButton', () => {
  afterEach(() => stubClipboard());

  it('is not shown when the browser cannot read the clipboard', () => {
    stubClipboard();
    renderUi(<PasteButton onPaste={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows loading while reading, then hands over the text', async () => {
    let resolve: (text: string) => void = () => {};
    stubClipboard(() => new Promise<string>((r) => (resolve = r)));
    const onPaste = vi.fn();
    renderUi(<PasteButton onPaste={onPaste} />);
    const button = screen.getByRole('button', { name: 'Paste' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    resolve('AB12 CDE');
    await waitFor(() => expect(onPaste).toHaveBeenCalledWith('AB12 CDE'));
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toBeEnabled();
  });

  it('is disabled for good with the alert when the read is blocked', async () => {
    const readText = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    stubClipboard(readText);
    const onPaste = vi.fn();
    renderUi(<PasteButton onPaste={onPaste} />);
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Clipboard read permission was blocked. Allow it in site settings of your browser.',
    );
    expect(screen.getByRole('button', { name: 'Paste' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    expect(readText).toHaveBeenCalledTimes(1);
    expect(onPaste).not.toHaveBeenCalled();
  });

  it('stays usable after a read that failed for another reason', async () => {
    stubClipboard(() => Promise.reject(new DOMException('no text', 'DataError')));
    renderUi(<PasteButton onPaste={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Paste' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
