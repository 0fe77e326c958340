import { registerTexts } from '../../lib/i18n/i18n.ts';

/**
 * Texts of the payment confirmations (issue 28 defects 2 and 7, ADR 353): the step before any action that
 * takes money (price, start, card) and what is said after it. A brand's texts.json overrides any of them.
 */
export const paymentTexts: Record<string, string> = {
  'payment.confirm.cancel': 'Not now',
  'payment.confirm.done': 'Done',
  'payment.confirm.amountNow': 'To pay now',
  'payment.confirm.card': 'Card',
  'payment.confirm.cardOnNextPage':
    'You enter your card on the next, secure page. Your saved card is not charged.',
  // Pay now on the billing tab (the outstanding balance)
  'payment.settle.title': 'Pay your outstanding balance',
  'payment.settle.body': 'This pays everything that is overdue on policy {{policyNumber}}.',
  'payment.settle.continue': 'Continue to pay {{amount}}',
  'payment.settle.failed': 'We could not open the card payment page: {{message}}',
  // Back from the card page
  'payment.settle.received.title': 'Payment received: {{amount}}',
  'payment.settle.received.body': 'Thank you. Your outstanding balance is paid.',
  'payment.settle.keep.question':
    'Use {{card}} for your future payments? They are taken from {{current}} at the moment.',
  'payment.settle.keep.questionNoCurrent': 'Use {{card}} for your future payments?',
  'payment.settle.keep.yes': 'Yes, use this card',
  'payment.settle.keep.no': 'No, thanks',
  'payment.settle.keep.done': '{{card}} will be used for your future payments.',
  'payment.settle.keep.failed': 'We could not change your card: {{message}}',
  'payment.settle.waiting':
    'We are confirming your payment with your bank. This can take a minute: refresh the page to see it.',
  'payment.settle.declined.title': 'Your payment did not go through',
  'payment.settle.declined':
    'Your card was not charged ({{code}}). Please try another card, or call us on {{phone}}.',
  'payment.settle.declined.card_declined':
    'Your bank declined the payment ({{code}}), so nothing has been taken. Please try another card, or call us on {{phone}}.',
  'payment.settle.declined.insufficient_funds':
    'Your bank says there is not enough money available on this card ({{code}}), so nothing has been taken. Please try another card.',
  'payment.settle.declined.expired_card':
    'This card has expired ({{code}}), so nothing has been taken. Please try another card.',
  // Opt back in on a lapsed policy (the renewal quote taken up)
  'payment.takeUp.title': 'Renew policy {{policyNumber}}',
  'payment.takeUp.loading': 'Getting your price…',
  'payment.takeUp.dueToday': 'Charged today',
  'payment.takeUp.firstByDirectDebit': 'First payment, by Direct Debit',
  'payment.takeUp.then': 'Then',
  'payment.takeUp.thenMonthly': '{{count}} monthly payments of {{amount}}',
  'payment.takeUp.total': 'Total for the year',
  'payment.takeUp.cover': 'Cover',
  'payment.takeUp.coverValue': 'From {{start}} (when you confirm) to {{end}}',
  'payment.takeUp.paidBy': 'Paid by',
  'payment.takeUp.confirmCard': 'Pay {{amount}} and renew',
  'payment.takeUp.confirm': 'Renew my policy',
  'payment.takeUp.unavailable': 'This renewal cannot be taken up online: {{message}}',
  'payment.takeUp.done.title': 'You are covered again',
  'payment.takeUp.done.paid':
    'Payment received: {{amount}} from {{card}}. Your new policy {{policyNumber}} covers you from {{time}}.',
  'payment.takeUp.done.notPaid': 'Your new policy {{policyNumber}} covers you from {{time}}.',
};

registerTexts(paymentTexts);
