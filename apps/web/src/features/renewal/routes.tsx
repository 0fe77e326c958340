import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../ui/index.ts';

const RenewalPage = lazy(() => import('./renewal-page.tsx').then((m) => ({ default: m.RenewalPage })));

/** Routes of the renewal area (under /{productUrlName}: renewal/*: spec 3 §2), loaded lazily. */
export const renewalRoutes: RouteObject[] = [
  {
    path: 'renewal/:proposalCode/*',
    element: (
      <Suspense fallback={<Spinner size="large" />}>
        <RenewalPage />
      </Suspense>
    ),
  },
];
