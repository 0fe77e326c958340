import type { RouteObject } from 'react-router';

/**
 * The summary and checkout routes of a proposal (spec 3 §2), children of proposal/:proposalCode. checkout/*
 * also serves the checkout success page once the proposal is a policy, so the same objects fit the 'policy'
 * status routes (`checkoutSuccessRoutes`).
 */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'summary',
    lazy: () => import('./pages/summary-page.tsx').then((m) => ({ Component: m.SummaryPage })),
  },
  {
    path: 'checkout/*',
    lazy: () => import('./pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
  },
];

export const checkoutSuccessRoutes: RouteObject[] = [
  {
    path: 'checkout/*',
    lazy: () => import('./pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
  },
];
