import type { RouteObject } from 'react-router';
import { journey } from '../../lib/i18n/journey.ts';
import type { ProposalPageSlots } from './pages/proposal-page.tsx';

/**
 * Routes of the quote area under /{productUrlName} (spec 3 §2): create-quote at the index, and the
 * proposal pages by status under proposal/{code}/*, with the other areas' pages in `slots`. Every page loads
 * lazily so home stays small.
 */
export const quoteRoutes = (slots: ProposalPageSlots): RouteObject[] => [
  {
    index: true,
    lazy: async () => ({
      Component: (await journey(import('./pages/create-quote-page.tsx'))).CreateQuotePage,
    }),
  },
  {
    path: 'proposal/:proposalCode/*',
    lazy: async () => {
      const { ProposalPage } = await journey(import('./pages/proposal-page.tsx'));
      return { element: <ProposalPage slots={slots} /> };
    },
  },
];
