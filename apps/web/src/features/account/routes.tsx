import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './components/require-auth.tsx';
import { CallbackPage } from './pages/callback-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';

/** Routes of the account area (sign-in, callback and account settings: spec 1 §2.1, spec 2 §2). */
export const accountRoutes: RouteObject[] = [
  { path: 'callback', element: <CallbackPage /> },
  { path: 'sign-in', element: <SignInPage /> },
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
