import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import GalleryPage from './gallery-page.tsx';

describe('GalleryPage', () => {
  it('shows every section of the kit and its modals open from it', async () => {
    renderUi(<GalleryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'UI kit' })).toBeInTheDocument();
    for (const name of [
      'Buttons',
      'Modal and snackbar',
      'Status, notifications, progress',
      'Structure',
      'Text inputs',
      'Dates',
      'Choices',
      'Confirmable value and paste',
    ])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Feedback modal' }));
    const dialog = screen.getByRole('dialog', { name: 'Your policy is cancelled' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to dashboard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
