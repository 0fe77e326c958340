import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils.tsx';
import { Notification, type NotificationVariant } from './notification.tsx';
import { StatusBadge, type StatusVariant } from './status-badge.tsx';

describe('StatusBadge', () => {
  it.each<StatusVariant>(['default', 'info', 'success', 'warning', 'critical'])(
    'renders the %s variant',
    (variant) => {
      renderUi(<StatusBadge variant={variant}>{`Status ${variant}`}</StatusBadge>);
      expect(screen.getByText(`Status ${variant}`)).toHaveClass('badge', variant);
    },
  );
  it('defaults to the default variant', () => {
    renderUi(<StatusBadge>Pending</StatusBadge>);
    expect(screen.getByText('Pending')).toHaveClass('default');
  });
});

describe('Notification', () => {
  it.each<[NotificationVariant, string]>([
    ['default', 'status'],
    ['info', 'status'],
    ['success', 'status'],
    ['warning', 'alert'],
    ['critical', 'alert'],
  ])('%s is announced as %s', (variant, role) => {
    renderUi(
      <Notification variant={variant} title={`Title ${variant}`} action={<a href="/help">Get help</a>}>
        Body text
      </Notification>,
    );
    const box = screen.getByRole(role);
    expect(box).toHaveClass('notification', variant);
    expect(box).toHaveTextContent(`Title ${variant}`);
    expect(box).toHaveTextContent('Body text');
    expect(screen.getByRole('link', { name: 'Get help' })).toBeInTheDocument();
  });
});
