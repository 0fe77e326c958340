import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthStateProvider } from '../../lib/auth/auth-context.tsx';
import { renderUi, testConfig } from '../../ui/test-utils.tsx';
import { AdminGate } from './admin-gate.tsx';
import { fakeAuthClient, staffUser } from './admin-test-auth.tsx';

/** The admin app's configuration in tests: admin mode under /admin. */
export const adminConfig = {
  ...testConfig,
  features: { ...testConfig.features, isAdmin: true },
  basename: '/admin',
};

/** Renders the admin gate at `path` for staff holding `permissions` (the app itself is "the app"). */
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
