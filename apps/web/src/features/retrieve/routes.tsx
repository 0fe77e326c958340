import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the retrieve area (spec 3 §2 Retrieve). */
export const retrieveRoutes: RouteObject[] = [
  { path: 'retrieve/*', element: <PlaceholderPage name="retrieve" /> },
];
