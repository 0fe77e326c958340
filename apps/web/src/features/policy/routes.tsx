import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the policy area (under /{productUrlName}: policy/*: spec 2 §2). */
export const policyRoutes: RouteObject[] = [
  { path: 'policy/:policyId/*', element: <PlaceholderPage name="policy" /> },
];
