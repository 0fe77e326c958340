import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import GalleryPage from './gallery-page.tsx';

describe('GalleryPage', () => {
  it('shows every section of the kit and its modals open from it', async () => {
    const { container } = renderUi(<GalleryPage />);
    expect(screen.getByText('UI kit', { selector: 'h1' })).toBeInTheDocument();
    const sections = [...container.querySelectorAll('section[aria-label]')].map((s) =>
      s.getAttribute('aria-label'),
    );
    expect(sections).toEqual([
      'Buttons',
      'Modal and snackbar',
      'Status, notifications, progress',
      'Structure',
      'Text inputs',
      'Dates',
      'Choices',
      'Confirmable value and paste',
    ]);
    await userEvent.click(screen.getByText('Feedback modal'));
    const dialog = screen.getByRole('dialog', { name: 'Your policy is cancelled' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to dashboard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);
});
