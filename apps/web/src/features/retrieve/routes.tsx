import type { RouteObject } from 'react-router';
import { journey } from '../../lib/i18n/journey.ts';

/** Routes of the retrieve area (spec 3 §2 "Retrieve"): the form, and /retrieve/{externalReference}. */
export const retrieveRoutes: RouteObject[] = [
  {
    path: 'retrieve',
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await journey(import('./retrieve-page.tsx'))).RetrievePage }),
      },
      {
        path: ':externalReference',
        lazy: async () => ({
          Component: (await journey(import('./retrieve-by-reference.tsx'))).RetrieveByReference,
        }),
      },
    ],
  },
];
