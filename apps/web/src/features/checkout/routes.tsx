import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../ui/index.ts';

const SummaryPage = lazy(() => import('./pages/summary-page.tsx').then((m) => ({ default: m.SummaryPage })));
const CheckoutPage = lazy(() =>
  import('./pages/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
);

/** summary (lazy), for `<Route path="summary" element={<SummaryRoute />} />` under proposal/:proposalCode/*. */
export function SummaryRoute() {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <SummaryPage />
    </Suspense>
  );
}

/**
 * checkout/* (lazy): the checkout pages while the proposal is a quote, and the checkout success page once it
 * is a policy, for `<Route path="checkout/*" element={<CheckoutRoute />} />` in both status branches.
 */
export function CheckoutRoute() {
  return (
    <Suspense fallback={<Spinner size="large" />}>
      <CheckoutPage />
    </Suspense>
  );
}

/** The same as route objects, for a data-router children list (spec 3 §2). */
export const checkoutRoutes: RouteObject[] = [
  { path: 'summary', element: <SummaryRoute /> },
  { path: 'checkout/*', element: <CheckoutRoute /> },
];
