import type { RouteObject } from 'react-router';
import { journey } from '../../lib/i18n/journey.ts';

/**
 * Routes of the retrieve area (spec 3 §2 "Retrieve"): the form, /retrieve/{externalReference}, and a partner
 * quote's deep link, /quote-link#{token} (ADR 363).
 */
export const retrieveRoutes: RouteObject[] = [
  {
    path: 'quote-link',
    lazy: async () => ({ Component: (await journey(import('./quote-link-page.tsx'))).QuoteLinkPage }),
  },
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
