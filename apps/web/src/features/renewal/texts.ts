import { registerTexts } from '../../lib/i18n/i18n.ts';

/** Texts of the renewal pages (spec 3 §2 Renewal). A brand's texts.json overrides any of them. */
export const renewalTexts: Record<string, string> = {
  'renewal.upperHeader': 'Your renewal',
  'renewal.header': 'Your renewal for {{vrn}}',
  'renewal.subheader': 'Policy {{policyNumber}} renews automatically on {{date}}.',
  'renewal.back': 'Your insurance',
  'renewal.terms.header': 'Your updated terms',
  'renewal.terms.thisYear': "This year's price",
  'renewal.terms.lastYear': "Last year's price",
  'renewal.terms.monthly': '{{amount}} a month',
  'renewal.terms.yearly': '{{amount}} for the year',
  'renewal.terms.starts': 'New year of cover starts',
  'renewal.terms.fair':
    'Your renewal price is never more than a new customer would pay today for the same cover through us.',
  'renewal.terms.ipt': 'Prices include Insurance Premium Tax.',
  'renewal.sections.header': 'What we have on record',
  'renewal.sections.car': 'Your car',
  'renewal.sections.drivers': 'Drivers',
  'renewal.sections.usage': 'Use and mileage',
  'renewal.sections.usageValue': '{{miles}} miles a year, kept: {{location}}',
  'renewal.sections.check':
    'If anything here is wrong or has changed, please contact us before your renewal date: changes do not reach this quote automatically.',
  'renewal.covers.header': 'Optional covers',
  'renewal.covers.add': 'Add',
  'renewal.covers.remove': 'Remove',
  'renewal.covers.added': 'Included',
  'renewal.covers.notAvailable': 'Not available for this policy',
  'renewal.covers.ncb_protection': 'No claims bonus protection',
  'renewal.covers.legal_expenses': 'Motor legal expenses',
  'renewal.covers.price': '{{amount}} a year',
  'renewal.excess.header': 'Voluntary excess',
  'renewal.excess.hint':
    'A higher voluntary excess lowers your price; you pay it on top of the compulsory excess.',
  'renewal.excess.option': '£{{amount}}',
  'renewal.documents.header': 'Documents',
  'renewal.documents.ipid': 'Insurance product information document',
  'renewal.documents.policy-wording': 'Policy wording',
  'renewal.documents.business-terms': 'Terms of business',
  'renewal.optOut.link': 'I do not want to renew',
  'renewal.optOut.header': 'Opt out of auto-renewal',
  'renewal.optOut.body':
    'If you opt out, your cover ends on {{date}} and you will not be insured to drive after it. You can opt back in from your home page until then.',
  'renewal.optOut.confirm': 'Opt out: end my cover on {{date}}',
  'renewal.optOut.cancel': 'Keep my renewal',
  'renewal.optOut.done': 'You have opted out. Your cover ends on {{date}}.',
  'renewal.referral.header': 'We cannot renew your policy automatically',
  'renewal.referral.body':
    'Something about your renewal needs a person to look at it. Your cover ends on {{date}} unless we agree a renewal with you. Please call us on {{phone}}.',
  'renewal.referral.reasons': 'Why:',
  'renewal.unsupported.header': 'Renewal unsupported in status',
  'renewal.unsupported.body': 'This renewal can no longer be shown. Please call us on {{phone}}.',
  'renewal.changeFailed': 'We could not change your renewal. Please try again or contact us.',
  'renewal.home': 'Back to your insurance',
};

registerTexts(renewalTexts);
