import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the renewal area (under /{productUrlName}: renewal/*: spec 3 §2). */
export const renewalRoutes: RouteObject[] = [
  { path: 'renewal/:proposalCode/*', element: <PlaceholderPage name="renewal" /> },
];
