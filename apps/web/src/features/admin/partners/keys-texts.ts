import { registerTexts } from '../../../lib/i18n/i18n.ts';

/** Texts of the partner API keys screen (issue 31 part 2, ADR 363). A brand's texts.json overrides any of them. */
export const partnerKeysTexts: Record<string, string> = {
  'admin.partnerKeys.header': 'Partner API keys',
  'admin.partnerKeys.body':
    'Price-comparison sites ask for quotes with these keys. A partner may hold several keys at once: to rotate, create a new key, let the partner switch to it, then revoke the old one.',
  'admin.partnerKeys.loadError': 'We could not load the keys. You need the partner:admin permission.',
  'admin.partnerKeys.empty': 'There are no keys yet.',
  'admin.partnerKeys.partner': 'Partner',
  'admin.partnerKeys.create': 'Create key',
  'admin.partnerKeys.createError': 'The key could not be created. Check the partner’s name and try again.',
  'admin.partnerKeys.created':
    'The new key for {{partner}} is below. Copy it now and give it to the partner securely: it will not be shown again.',
  'admin.partnerKeys.prefix': 'Key',
  'admin.partnerKeys.createdAt': 'Created {{when}} by {{by}}',
  'admin.partnerKeys.active': 'Active',
  'admin.partnerKeys.revoked': 'Revoked {{when}}',
  'admin.partnerKeys.revoke': 'Revoke',
  'admin.partnerKeys.confirmRevoke': 'Revoke {{prefix}}… now',
  'admin.partnerKeys.revokeError': 'The key could not be revoked. Please try again.',
  'admin.partnerKeys.customers': 'Act for a customer',
  'admin.partnerKeys.webhooks': 'Partner webhooks',
};

registerTexts(partnerKeysTexts);
