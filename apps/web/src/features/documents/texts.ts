import { registerTexts } from '../../lib/i18n/i18n.ts';

/** Texts of the documents tab (spec 2 §2) (keys under `policy.`, as before the split of ADR 358). A brand's texts.json overrides any of them. */
export const documentsTexts: Record<string, string> = {
  'policy.documents.header': 'Your documents',
  'policy.documents.intro': 'Each document opens in a new window.',
  'policy.documents.version': 'Version {{version}}, from {{date}}',
  'policy.documents.current': 'Current',
  'policy.documents.policy-certificate': 'Certificate of motor insurance',
  'policy.documents.policy-schedule': 'Policy schedule',
  'policy.documents.product': 'Product documents',
  'policy.documents.ipid': 'Insurance product information document',
  'policy.documents.policy-wording': 'Policy wording',
  'policy.documents.business-terms': 'Terms of business',
  'policy.documents.privacy-policy': 'Privacy policy',
  'policy.documents.missing.header': 'Your document is being generated',
  'policy.documents.missing.body':
    'This document is not ready yet. Please retry in a few minutes. If it still does not open, talk to us.',
  'policy.documents.missing.chat': 'Talk to us',
  'policy.documents.missing.help': 'Help with documents',
  'policy.documents.missing.close': 'OK',
  'policy.documents.failed': 'We could not open this document. Please try again.',
};

registerTexts(documentsTexts);
