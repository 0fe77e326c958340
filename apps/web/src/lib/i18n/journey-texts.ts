import { checkoutTexts } from '../../features/checkout/texts.ts';
import { quoteTexts } from '../../features/quote/texts.ts';
import { retrieveTexts } from '../../features/retrieve/texts.ts';
import { disclosureTexts } from '../../forms/disclosure/texts.ts';
import { lookupsTexts } from '../../forms/lookups/texts.ts';
import { registerTexts } from './i18n.ts';

/**
 * Texts of the lazily loaded journeys (quote, disclosure, lookups, checkout, retrieve). They are not part of
 * the home route's bundle (ADR 005): the journeys' route loaders import this module, which adds them.
 */
export const journeyTexts: Record<string, string> = {
  ...disclosureTexts,
  ...quoteTexts,
  ...retrieveTexts,
  ...checkoutTexts,
  ...lookupsTexts,
};

registerTexts(journeyTexts);
