import { registerTexts } from '../../../lib/i18n/i18n.ts';

/** Texts of the finance team's money-owed-back screen (ADR 411). A brand's texts.json overrides any of them. */
export const refundsHeldTexts: Record<string, string> = {
  'admin.refunds.header': 'Money owed back',
  'admin.refunds.body':
    'Customers we owe money to whose refund failed or came back. Nothing pays it back by itself: contact the customer to arrange it. The longest waiting first.',
  'admin.refunds.empty': 'No customer is waiting for money that could not be paid back.',
  'admin.refunds.loadError': 'We could not load the list. You need the finance permission.',
  'admin.refunds.customers': 'Act for a customer',
  'admin.refunds.policy': 'Policy',
  'admin.refunds.since': 'Did not reach them',
  'admin.refunds.method.CARD': 'Refund to their card failed',
  'admin.refunds.method.BACS_DEBIT': 'Refund to their bank account failed',
  'admin.refunds.method.both': 'Refunds to their card and bank account failed',
  'admin.refunds.act': 'Act for {{name}}',
  'admin.refunds.actFailed': 'We could not act for this customer. Try again.',
};

registerTexts(refundsHeldTexts);
