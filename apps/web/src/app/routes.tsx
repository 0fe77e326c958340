import { Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { policyRoutes } from '../features/policy/routes.tsx';
import { quoteRoutes } from '../features/quote/routes.tsx';
import { renewalRoutes } from '../features/renewal/routes.tsx';
import { retrieveRoutes } from '../features/retrieve/routes.tsx';

/**
 * The route table of spec 1 §2.1 and spec 3 §2. Each area owns its routes file; pages other than home
 * should load lazily (route `lazy`) so the home route stays small.
 */
export function buildRoutes(productUrlNames: string[]): RouteObject[] {
  return [
    ...homeRoutes,
    ...productUrlNames.map((name) => ({
      path: name,
      children: [
        ...quoteRoutes,
        ...renewalRoutes,
        ...policyRoutes,
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    })),
    ...retrieveRoutes,
    ...accountRoutes,
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
