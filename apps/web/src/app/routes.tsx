import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AccountSetupRoute, AccountShell, accountRoutes } from '../features/account/routes.tsx';
import { AdminShell } from '../features/admin/routes.tsx';
import { CheckoutRoute, SummaryRoute } from '../features/checkout/routes.tsx';
import { ClaimsTabSlot } from '../features/claims/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { policyRoutes } from '../features/policy/routes.tsx';
import { quoteRoutes } from '../features/quote/routes.tsx';
import { renewalRoutes } from '../features/renewal/routes.tsx';
import { retrieveRoutes } from '../features/retrieve/routes.tsx';
import type { AnonymousSession } from '../lib/session/anonymous-session.ts';

/**
 * Where the shell meets the areas: the only file of `app/` that imports `features/`, and only each area's
 * `routes.tsx` (ADR 140). Areas that need another area's page get it here, as a slot.
 */

/** The areas' wrappers around the router: identity (auth state, user menu), then admin mode. */
export function AreaShell({ session, children }: { session: AnonymousSession; children: ReactNode }) {
  return (
    <AccountShell session={session}>
      <AdminShell>{children}</AdminShell>
    </AccountShell>
  );
}

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
        ...quoteRoutes({
          accountSetup: (proposalCode) => <AccountSetupRoute proposalCode={proposalCode} />,
          summary: <SummaryRoute />,
          checkout: <CheckoutRoute />,
        }),
        ...renewalRoutes,
        ...policyRoutes({ claims: (props) => <ClaimsTabSlot {...props} /> }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    })),
    ...retrieveRoutes,
    ...accountRoutes,
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
