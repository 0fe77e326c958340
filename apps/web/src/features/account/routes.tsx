import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '../../ui/index.ts';
import { RequireAuth } from './components/require-auth.tsx';

export { AccountShell } from './account-shell.tsx';

const AccountSetupPage = lazy(() =>
  import('./pages/account-setup-page.tsx').then((m) => ({ default: m.AccountSetupPage })),
);

/** proposal/{code}/account-setup (lazy), for the quote area's proposal pages (spec 3 §4 step 5). */
export function AccountSetupRoute({ proposalCode }: { proposalCode: string }) {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <AccountSetupPage proposalCode={proposalCode} />
    </Suspense>
  );
}

/** Routes of the account area (sign-in, callback and account settings: spec 1 §2.1, spec 2 §2). */
export const accountRoutes: RouteObject[] = [
  // Loaded when visited: home's bundle stays under its budget (issue 15).
  {
    path: 'callback',
    lazy: async () => ({ Component: (await import('./pages/callback-page.tsx')).CallbackPage }),
  },
  {
    path: 'sign-in',
    lazy: async () => ({ Component: (await import('./pages/sign-in-page.tsx')).SignInPage }),
  },
  {
    path: 'account',
    children: [
      {
        index: true,
        lazy: async () => {
          const { AccountIndexPage } = await import('./pages/account-index-page.tsx');
          return {
            element: (
              <RequireAuth>
                <AccountIndexPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: ':name',
        lazy: async () => {
          const { AccountEditPage } = await import('./pages/account-edit-page.tsx');
          return {
            element: (
              <RequireAuth>
                <AccountEditPage />
              </RequireAuth>
            ),
          };
        },
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
