import { appTexts } from '../../app/texts.ts';
import { accountTexts } from '../../features/account/texts.ts';
import { adminTexts } from '../../features/admin/texts.ts';
import { checkoutTexts } from '../../features/checkout/texts.ts';
import { disclosureTexts } from '../../features/disclosure/texts.ts';
import { homeTexts } from '../../features/home/texts.ts';
import { lookupsTexts } from '../../features/lookups/texts.ts';
import { quoteTexts } from '../../features/quote/texts.ts';
import { retrieveTexts } from '../../features/retrieve/texts.ts';
import { uiTexts } from '../../ui/texts.ts';

/**
 * Every visible string has a key and an English default here; a brand's texts.json overrides any key.
 * Each area keeps its own texts file and adds one line below.
 */
export const defaultTexts: Record<string, string> = {
  ...uiTexts,
  ...appTexts,
  ...accountTexts,
  ...adminTexts,
  ...homeTexts,
  ...disclosureTexts,
  ...quoteTexts,
  ...retrieveTexts,
  ...checkoutTexts,
  ...lookupsTexts,
};
