import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { setTokenSource } from '../lib/api/client.ts';
import { ConfigProvider, type WebConfig } from '../lib/config.tsx';
import { createI18n } from '../lib/i18n/i18n.ts';
import { AnonymousSession } from '../lib/session/anonymous-session.ts';
import { applyDevTheme } from './dev-theme.ts';
import { ErrorBoundary, RouteError } from './errors/error-boundary.tsx';
import './fonts.css';
import { SnackbarProvider } from '../ui/index.ts';
import { Layout } from './layout/layout.tsx';
import { createQueryClient } from './query-client.ts';
import { AreaShell, buildRoutes } from './routes.tsx';
import { missingBrowserFeatures } from './unsupported-browser/detect-support.ts';
import { UnsupportedBrowser } from './unsupported-browser/unsupported-browser.tsx';

const galleryPage = import.meta.glob<{ default: ComponentType }>('../ui/gallery/gallery-page.tsx');

/** The UI kit gallery, outside production only (spec screenshots, design review). */
function devRoutes(config: WebConfig): RouteObject[] {
  const load = Object.values(galleryPage)[0];
  if (config.environment === 'production' || !load) return [];
  return [{ path: 'dev/ui', lazy: async () => ({ Component: (await load()).default }) }];
}

/**
 * The root route's own settings. A deep link starts on a lazy route, so the router renders the hydrate
 * fallback (nothing: the page's own spinner follows) until it has loaded, instead of warning.
 */
export const rootRoute = {
  path: '/',
  errorElement: <RouteError />,
  HydrateFallback: HydrateNothing,
} satisfies RouteObject;

function HydrateNothing() {
  return null;
}

export function App({ config }: { config: WebConfig }) {
  useMemo(() => applyDevTheme(config), [config]);
  const i18n = useMemo(() => createI18n(config.texts), [config.texts]);
  const queryClient = useMemo(() => createQueryClient(), []);
  const unsupported = useMemo(() => missingBrowserFeatures().length > 0, []);
  const router = useMemo(() => {
    const schemes = config.schemes.filter((s) => !s.disabled).map((s) => s.productUrlName);
    return createBrowserRouter(
      [{ ...rootRoute, element: <Layout />, children: [...buildRoutes(schemes), ...devRoutes(config)] }],
      { basename: config.basename },
    );
  }, [config]);
  const session = useMemo(() => {
    const session = new AnonymousSession();
    setTokenSource(() => session.getToken());
    void session.getToken().catch(() => undefined);
    return session;
  }, []);
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        {unsupported ? (
          <UnsupportedBrowser />
        ) : (
          <ErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <SnackbarProvider>
                <AreaShell session={session}>
                  <RouterProvider router={router} />
                </AreaShell>
              </SnackbarProvider>
            </QueryClientProvider>
          </ErrorBoundary>
        )}
      </I18nextProvider>
    </ConfigProvider>
  );
}
