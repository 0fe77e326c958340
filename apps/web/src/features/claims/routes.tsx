import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/index.ts';

const LazyClaimsTab = lazy(() =>
  import('./components/claims-tab.tsx').then((m) => ({ default: m.ClaimsTab })),
);

/** The claims area's entry for the route table (ADR 140): its tab, for the policy page's claims slot. */
export function ClaimsTabSlot(props: { policyId: string; policyNumber: string }) {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <LazyClaimsTab {...props} />
    </Suspense>
  );
}
