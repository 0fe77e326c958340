import { registerTexts } from '../../../lib/i18n/i18n.ts';

/** Texts of the partner API keys screen (issue 31 part 2, ADR 363). A brand's texts.json overrides any of them. */
export const partnerKeysTexts: Record<string, string> = {
  'admin.partners.header': 'Partner API keys',
  'admin.partners.body':
    'Price-comparison sites ask for quotes with these keys. A partner may hold several keys at once: to rotate, create a new key, let the partner switch to it, then revoke the old one.',
  'admin.partners.loadError': 'We could not load the keys. You need the partner:admin permission.',
  'admin.partners.empty': 'There are no keys yet.',
  'admin.partners.partner': 'Partner',
  'admin.partners.create': 'Create key',
  'admin.partners.createError': 'The key could not be created. Check the partner’s name and try again.',
  'admin.partners.created':
    'The new key for {{partner}} is below. Copy it now and give it to the partner securely: it will not be shown again.',
  'admin.partners.prefix': 'Key',
  'admin.partners.createdAt': 'Created {{when}} by {{by}}',
  'admin.partners.active': 'Active',
  'admin.partners.revoked': 'Revoked {{when}}',
  'admin.partners.revoke': 'Revoke',
  'admin.partners.confirmRevoke': 'Revoke {{prefix}}… now',
  'admin.partners.revokeError': 'The key could not be revoked. Please try again.',
  'admin.partners.customers': 'Act for a customer',
};

registerTexts(partnerKeysTexts);
