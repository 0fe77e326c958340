import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { AuthClient } from '../lib/auth/auth-client.ts';
import { AuthStateProvider } from '../lib/auth/auth-context.tsx';
import type { SessionUser } from '../lib/auth/session-user.ts';
import type { WebConfig } from '../lib/config.tsx';
import { ConfigProvider } from '../lib/config.tsx';
import { createI18n } from '../lib/i18n/i18n.ts';
import { SnackbarProvider } from '../ui/index.ts';
import { testConfig } from '../ui/test-utils.tsx';
import { type ShellSlots, ShellSlotsProvider } from './shell-slots.tsx';

/** Renders shell pieces with the default brand (overridable), English texts, a query client, a router at
 * `path` and slots. */
export function renderShell(
  ui: ReactElement,
  options: { path?: string; config?: Partial<WebConfig>; slots?: ShellSlots } = {},
) {
  const config = { ...testConfig, ...options.config } as WebConfig;
  return render(
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n(config.texts ?? {})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ShellSlotsProvider {...options.slots}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
          </ShellSlotsProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
}

export const adminConfig = (): Partial<WebConfig> => ({
  features: { ...testConfig.features, isAdmin: true },
});

/** A signed-in customer. */
export const sampleCustomer = {
  userId: 'customer-1',
  connection: 'email',
  picture: undefined,
  roles: [],
  permissions: [],
  username: 'sam.taylor@example.com',
  firstName: 'Sam',
  lastName: 'Taylor',
} satisfies SessionUser;

/** An auth client that already holds `user` (the auth state provider asks nothing else of it in tests). */
export const signedInClient = (user: SessionUser) =>
  ({
    current: () => user,
    subscribe: () => () => undefined,
    load: async () => user,
    signInSilently: async () => user,
  }) as unknown as AuthClient;

/**
 * Renders routes in a data router at `url` (config, English texts, a query client, the snackbar, and the auth
 * state of `user`, or of an auth client, when given); returns it.
 */
export function renderRoutes(
  routes: RouteObject[],
  url: string,
  config: WebConfig = testConfig,
  user?: SessionUser | AuthClient,
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const page = (
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>
  );
  render(
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          {user ? (
            <AuthStateProvider client={'subscribe' in user ? user : signedInClient(user)} basename="/">
              {page}
            </AuthStateProvider>
          ) : (
            page
          )}
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return router;
}
