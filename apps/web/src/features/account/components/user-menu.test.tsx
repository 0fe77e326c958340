import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthClient } from '../../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../../lib/auth/auth-context.tsx';
import type { SessionUser } from '../../../lib/auth/session-user.ts';
import { renderUi, testConfig } from '../../../ui/test-utils.tsx';
import { UserMenu } from './user-menu.tsx';

const customer = (connection: string): SessionUser => ({
  userId: 'c1',
  connection,
  picture: undefined,
  roles: ['customer'],
  permissions: [],
  username: 'demo@forecourt.example',
  firstName: 'Alex',
  lastName: 'Morgan',
});

function renderMenu(user: SessionUser, config = testConfig) {
  const client = {
    current: () => user,
    subscribe: () => () => undefined,
    load: async () => user,
    signInSilently: async () => null,
  } as unknown as AuthClient;
  renderUi(
    <AuthStateProvider client={client} basename="/">
      <UserMenu />
    </AuthStateProvider>,
    { config },
  );
}

describe('user menu (spec 1 §2.1)', () => {
  it('shows initials with a chevron, and dashboard, account and sign-out', () => {
    renderMenu(customer('email'));
    expect(screen.getByTestId('user-initials').textContent).toBe('AM');
    fireEvent.click(screen.getByRole('button', { name: 'AM, your account menu' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Dashboard', 'Account', 'Sign out']);
  });

  it('names its trigger with the initials it shows (WCAG 2.5.3 label in name, issue 28)', () => {
    renderMenu(customer('email'));
    const trigger = screen.getByTestId('user-menu').closest('button');
    const shown = screen.getByTestId('user-initials').textContent ?? '';
    expect(trigger?.getAttribute('aria-label')?.startsWith(`${shown},`)).toBe(true);
  });

  it('has no account item without account configuration, and names a single-sign-on connection', () => {
    const { account: _a, ...noAccount } = testConfig;
    renderMenu(customer('google-oauth2'), noAccount as typeof testConfig);
    fireEvent.click(screen.getByRole('button', { name: 'AM, your account menu' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Dashboard', 'Sign out', 'Signed in with google-oauth2']);
  });
});
