import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the account area (sign-in, callback and account settings: spec 1 §2.1, spec 2 §2). */
export const accountRoutes: RouteObject[] = [
  { path: 'callback', element: <PlaceholderPage name="callback" /> },
  { path: 'sign-in', element: <PlaceholderPage name="sign-in" /> },
  { path: 'account/:name?/*', element: <PlaceholderPage name="account" /> },
];
