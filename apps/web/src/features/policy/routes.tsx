import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../ui/index.ts';
import type { ClaimsSlot } from './policy-page.tsx';

const PolicyPage = lazy(() => import('./policy-page.tsx').then((m) => ({ default: m.PolicyPage })));

/**
 * Routes of the policy area (under /{productUrlName}: policy/{policyId}/*: spec 2 §2), loaded lazily. The
 * claims tab is the claims area's, passed in by the route table (ADR 140).
 */
export function policyRoutes(slots: { claims?: ClaimsSlot } = {}): RouteObject[] {
  return [
    {
      path: 'policy/:policyId/*',
      element: (
        <Suspense fallback={<Spinner size="large" />}>
          <PolicyPage claims={slots.claims} />
        </Suspense>
      ),
    },
  ];
}
