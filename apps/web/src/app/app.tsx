import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { setTokenSource } from '../lib/api/client.ts';
import { createI18n } from '../lib/i18n/i18n.ts';
import { AnonymousSession } from '../lib/session/anonymous-session.ts';
import { ConfigProvider, type WebConfig } from './config.tsx';
import { buildRoutes } from './routes.tsx';

export function App({ config }: { config: WebConfig }) {
  const i18n = useMemo(() => createI18n(config.texts), [config.texts]);
  const queryClient = useMemo(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
      }),
    [],
  );
  const router = useMemo(() => {
    const schemes = config.schemes.filter((s) => !s.disabled).map((s) => s.productUrlName);
    return createBrowserRouter([{ path: '/', element: <Outlet />, children: buildRoutes(schemes) }], {
      basename: config.basename,
    });
  }, [config]);
  useMemo(() => {
    const session = new AnonymousSession();
    setTokenSource(() => session.getToken());
    void session.getToken().catch(() => undefined);
  }, []);
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>
  );
}
