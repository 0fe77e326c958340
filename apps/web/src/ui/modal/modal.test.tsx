import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button.tsx';
import { renderUi } from '../test-utils.tsx';
import { Modal, type ModalVariant } from './modal.tsx';

function Harness({ onClose = () => {}, variant }: { onClose?: () => void; variant?: ModalVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        variant={variant}
        title="Promotion terms"
        footer={<Button onClick={() => setOpen(false)}>Got it</Button>}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Terms apply.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderUi(<Modal open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a labelled modal dialog in a portal on body, with z-index 1001 and 584px width', async () => {
    const { container } = renderUi(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Promotion terms' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(dialog.parentElement).toHaveStyle({ zIndex: '1001' });
    expect(dialog).toHaveStyle({ maxWidth: '584px' });
    expect(screen.getByText('Terms apply.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });

  it('feedback variant is 480px wide; iframe variant 584px', () => {
    renderUi(<Modal open onClose={() => {}} title="Thanks" variant="feedback" />);
    expect(screen.getByRole('dialog', { name: 'Thanks' })).toHaveStyle({ maxWidth: '480px' });
    expect(screen.getByRole('dialog', { name: 'Thanks' })).toHaveClass('feedback');
  });

  it('iframe variant holds a frame in its body', () => {
    renderUi(
      <Modal open onClose={() => {}} title="Help" variant="iframe">
        <iframe title="Help page" src="about:blank" />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Help' });
    expect(dialog).toHaveClass('iframe');
    expect(dialog).toHaveStyle({ maxWidth: '584px' });
    expect(screen.getByTitle('Help page')).toBeInTheDocument();
  });

  it.each([
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    ['the close icon', async () => userEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['a backdrop click', async () => userEvent.click(screen.getByTestId('modal-backdrop'))],
  ])('closes on %s and calls onClose', async (_how, act) => {
    const onClose = vi.fn();
    renderUi(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await act();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close on a click inside the dialog', async () => {
    const onClose = vi.fn();
    renderUi(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByText('Terms apply.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('locks body scrolling while open and restores it on close', async () => {
    document.body.style.overflow = 'auto';
    renderUi(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('moves focus into the dialog, keeps Tab inside and restores focus to the opener on close', async () => {
    renderUi(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  it('Escape closes only the top-most of two open modals', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    renderUi(
      <>
        <Modal open onClose={outer} title="Outer" />
        <Modal open onClose={inner} title="Inner" />
      </>,
    );
    await userEvent.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
