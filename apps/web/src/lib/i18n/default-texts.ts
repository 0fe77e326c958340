import { appTexts } from '../../app/texts.ts';
import { accountTexts } from '../../features/account/texts.ts';
import { adminTexts } from '../../features/admin/texts.ts';
import { homeTexts } from '../../features/home/texts.ts';
import { uiTexts } from '../../ui/texts.ts';
import { standingTexts } from '../standing/texts.ts';

/**
 * Every visible string has a key and an English default here; a brand's texts.json overrides any key.
 * Each area keeps its own texts file and adds one line below; areas that only lazily loaded routes use
 * register theirs in journey-texts.ts instead, and the account pages in features/account/page-texts.ts, to
 * keep them out of the home route's bundle.
 */
export const defaultTexts: Record<string, string> = {
  ...uiTexts,
  ...appTexts,
  ...accountTexts,
  ...adminTexts,
  ...homeTexts,
  ...standingTexts,
};
