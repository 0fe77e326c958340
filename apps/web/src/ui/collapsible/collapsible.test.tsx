import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Collapsible } from './collapsible.tsx';

describe('Collapsible', () => {
  it('starts closed and toggles open and closed', async () => {
    const onToggle = vi.fn();
    renderUi(
      <Collapsible title="What is covered?" onToggle={onToggle}>
        <p>Windscreen repair</p>
      </Collapsible>,
    );
    const trigger = screen.getByRole('button', { name: 'What is covered?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Windscreen repair')).not.toBeVisible();
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Windscreen repair')).toBeVisible();
    expect(onToggle).toHaveBeenLastCalledWith(true);
    await userEvent.click(trigger);
    expect(screen.getByText('Windscreen repair')).not.toBeVisible();
    expect(onToggle).toHaveBeenLastCalledWith(false);
  });

  it('can start open, and its trigger controls the content region', () => {
    renderUi(
      <Collapsible title="Details" defaultOpen>
        <p>Shown</p>
      </Collapsible>,
    );
    const trigger = screen.getByRole('button', { name: 'Details' });
    expect(screen.getByText('Shown')).toBeVisible();
    expect(document.getElementById(trigger.getAttribute('aria-controls')!)).toContainElement(
      screen.getByText('Shown'),
    );
  });
});
