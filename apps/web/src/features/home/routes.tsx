import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../app/placeholder-page.tsx';

/** Routes of the home area (spec 2 §2 Home). */
export const homeRoutes: RouteObject[] = [{ index: true, element: <PlaceholderPage name="home" /> }];
