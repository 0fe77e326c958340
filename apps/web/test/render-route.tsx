import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConfigProvider, type WebConfig } from '../src/lib/config.tsx';
import { createI18n } from '../src/lib/i18n/i18n.ts';
import { testConfig } from '../src/ui/test-utils.tsx';

/** Renders `element` at `path` in a memory router starting at `url` (after a first entry), with config and i18n. */
export function renderRoute(
  path: string,
  element: ReactElement,
  url: string,
  config: Partial<WebConfig> = {},
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/start', url], initialIndex: 1 },
  );
  const merged = { ...testConfig, ...config } as WebConfig;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider config={merged}>
      <I18nextProvider i18n={createI18n({})}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>,
  );
  return router;
}
