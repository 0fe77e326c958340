import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { WebConfig } from '../lib/config.tsx';
import { ConfigProvider } from '../lib/config.tsx';
import { createI18n } from '../lib/i18n/i18n.ts';
import { SnackbarProvider } from '../ui/snackbar/snackbar.tsx';
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

/** Renders routes in a data router at `url` (config, English texts, a query client, the snackbar); returns it. */
export function renderRoutes(routes: RouteObject[], url: string, config: WebConfig = testConfig) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return router;
}
