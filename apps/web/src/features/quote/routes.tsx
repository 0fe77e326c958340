import type { RouteObject } from 'react-router';
import { journey } from '../../lib/i18n/journey.ts';

/**
 * Routes of the quote area under /{productUrlName} (spec 3 §2): create-quote at the index, and the
 * proposal pages by status under proposal/{code}/*. Every page loads lazily so home stays small.
 */
export const quoteRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await journey(import('./pages/create-quote-page.tsx'))).CreateQuotePage,
    }),
  },
  {
    path: 'proposal/:proposalCode/*',
    lazy: async () => ({ Component: (await journey(import('./pages/proposal-page.tsx'))).ProposalPage }),
  },
];
