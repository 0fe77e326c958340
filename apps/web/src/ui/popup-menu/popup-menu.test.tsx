import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { PopupMenu } from './popup-menu.tsx';

const setup = () => {
  const rename = vi.fn();
  const remove = vi.fn();
  renderUi(
    <div>
      <p>Outside</p>
      <PopupMenu
        trigger="Manage quote"
        items={[
          { id: 'rename', label: 'Rename', onSelect: rename },
          { id: 'copy', label: 'Copy', onSelect: () => {}, disabled: true },
          { id: 'delete', label: 'Delete', onSelect: remove, tone: 'critical' },
        ]}
      />
    </div>,
  );
  return { rename, remove, trigger: screen.getByRole('button', { name: 'Manage quote' }) };
};

describe('PopupMenu', () => {
  it('opens a 304px menu from its trigger and focuses the first item', async () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveStyle({ width: '304px' });
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
  });

  it('runs an item and closes, returning focus to the trigger', async () => {
    const { trigger, rename } = setup();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('arrow keys skip disabled items and Enter picks', async () => {
    const { trigger, remove } = setup();
    await userEvent.click(trigger);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and on a click outside', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
