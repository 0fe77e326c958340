import type { RouteObject } from 'react-router';
import { HomePage } from './home-page.tsx';

/** Routes of the home area (spec 2 §2 Home). Home is the landing page: loaded eagerly, kept small. */
export const homeRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
