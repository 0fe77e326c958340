import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { AuthClient } from '../../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import { renderUi, testConfig } from '../../ui/test-utils.tsx';
import { AdminGate } from './admin-gate.tsx';

/** Test helpers of admin mode: a signed-in staff user with the given permissions, and an auth client for it. */
export const staffUser = (permissions: string[]): SessionUser => ({
  userId: 's1',
  connection: 'email',
  picture: undefined,
  roles: ['staff'],
  permissions,
  username: 'admin@forecourt.example',
  firstName: 'Sam',
  lastName: 'Support',
});

export function fakeAuthClient(user: SessionUser | null) {
  return {
    current: () => user,
    subscribe: () => () => undefined,
    load: async () => user,
    signInSilently: async () => null,
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
  } as unknown as AuthClient;
}

/** The admin app's configuration in tests: admin mode under /admin. */
export const adminConfig = {
  ...testConfig,
  features: { ...testConfig.features, isAdmin: true },
  basename: '/admin',
};

/** Renders the admin gate at `path` for staff holding `permissions` (the screens' tests). */
export function renderAdminAt(path: string, permissions: string[]) {
  window.history.pushState({}, '', path);
  renderUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthStateProvider client={fakeAuthClient(staffUser(permissions))} basename="/admin">
        <AdminGate>
          <p>the app</p>
        </AdminGate>
      </AuthStateProvider>
    </QueryClientProvider>,
    { config: adminConfig },
  );
}
