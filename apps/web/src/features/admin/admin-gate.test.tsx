import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import { setImpersonation } from '../../lib/auth/impersonation.ts';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import { renderUi, testConfig } from '../../ui/test-utils.tsx';
import { AdminGate } from './admin-gate.tsx';
import { fakeAuthClient, staffUser } from './admin-test-auth.tsx';

const adminConfig = {
  ...testConfig,
  features: { ...testConfig.features, isAdmin: true },
  basename: '/admin',
};

const fakeClient = fakeAuthClient;
const staff = staffUser;

function renderGate(user: SessionUser | null) {
  const client = fakeClient(user);
  renderUi(
    <AuthStateProvider client={client} basename="/admin">
      <AdminGate>
        <p>the app</p>
      </AdminGate>
    </AuthStateProvider>,
    { config: adminConfig },
  );
  return client;
}

afterEach(() => setImpersonation(undefined));

describe('admin mode (spec 1 §2.2, §6)', () => {
  it('without a user: the unauthorised screen with Sign in', async () => {
    const client = renderGate(null);
    expect(
      await screen.findByText(
        'You must be logged in as an admin with the appropriate role to access this resource',
      ),
    ).toBeTruthy();
    screen.getByRole('button', { name: 'Sign in' }).click();
    expect(client.signIn).toHaveBeenCalledWith('/');
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('a user without access:impersonate: the unauthorised screen, with Sign out instead', async () => {
    renderGate(staff(['finance']));
    expect(await screen.findByTestId('admin-unauthorised')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('with the permission: asks whom to impersonate, then shows the app acting for them', async () => {
    renderGate(staff(['access:impersonate']));
    expect(await screen.findByRole('button', { name: 'Impersonate' })).toBeTruthy();
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('with an impersonation id kept for the session: the app', async () => {
    setImpersonation('00000000-0000-4000-8000-00000000d001');
    renderGate(staff(['access:impersonate']));
    expect(await screen.findByText('the app')).toBeTruthy();
  });
});
