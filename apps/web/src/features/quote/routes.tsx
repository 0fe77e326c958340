import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the quote area (under /{productUrlName}: create-quote and proposal/*: spec 3 §2). */
export const quoteRoutes: RouteObject[] = [
  { index: true, element: <PlaceholderPage name="create-quote" /> },
  { path: 'proposal/:proposalCode/*', element: <PlaceholderPage name="proposal" /> },
];
