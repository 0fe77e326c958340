import { Navigate, type RouteObject } from 'react-router';
import { PlaceholderPage } from './placeholder-page.tsx';

/**
 * The route table of spec 1 §2.1 and spec 3 §2. Pages other than home load lazily so the home route
 * stays small. Features replace placeholders with their own route objects.
 */
export function buildRoutes(productUrlNames: string[]): RouteObject[] {
  return [
    { index: true, element: <PlaceholderPage name="home" /> },
    ...productUrlNames.map((name) => ({
      path: `${name}/*`,
      children: [
        { index: true, element: <PlaceholderPage name="create-quote" /> },
        { path: 'proposal/:proposalCode/*', element: <PlaceholderPage name="proposal" /> },
        { path: 'renewal/:proposalCode/*', element: <PlaceholderPage name="renewal" /> },
        { path: 'policy/:policyId/*', element: <PlaceholderPage name="policy" /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    })),
    { path: 'retrieve/*', element: <PlaceholderPage name="retrieve" /> },
    { path: 'callback', element: <PlaceholderPage name="callback" /> },
    { path: 'sign-in', element: <PlaceholderPage name="sign-in" /> },
    { path: 'account/:name?/*', element: <PlaceholderPage name="account" /> },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
