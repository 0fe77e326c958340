/**
 * Texts of a policy's standing (issue 28, ADR 352), the same words on home, the policy page, the billing tab
 * and the renewal page. A brand's texts.json overrides any of them.
 */
export const standingTexts: Record<string, string> = {
  'standing.badge.arrears.failed': 'Payment missed',
  'standing.badge.arrears.takenBack': 'Payment taken back',
  'standing.badge.arrears.ended': 'Still to pay',
  'standing.badge.ending': 'Ending {{date}}',
  'standing.badge.notStarting': 'Will not start',
  'standing.badge.referred': 'Renewal under review',
  'standing.badge.payingBack': 'Refund on its way',
  'standing.badge.payingBack.held': 'Refund: please call us',
  'standing.card.notStarting': 'Was to start {{date}} · will not start',
  'standing.card.neverStarted': 'Was to start {{date}} · never on cover',
  'standing.arrears.title.failed': 'We could not take a payment of {{amount}}',
  'standing.arrears.body.failed': 'Please pay it now to keep your cover.',
  'standing.arrears.title.takenBack': '{{amount}} is owed again',
  'standing.arrears.body.takenBack':
    'Your bank or card provider took back a payment you made. Please pay it now to keep your cover.',
  'standing.arrears.title.ended': '{{amount}} is still to pay',
  'standing.arrears.body.ended': 'Cover under this policy has ended, and this is still to pay for it.',
  'standing.arrears.link': 'Go to billing',
  'standing.pending.title': '{{amount}} is being collected',
  'standing.pending.BACS_DEBIT':
    'Your Direct Debit will be taken on or after {{date}}. You do not need to do anything.',
  'standing.pending.CARD': 'Your card will be charged on {{date}}. You do not need to do anything.',
  'standing.next.BACS_DEBIT': 'By Direct Debit.',
  'standing.next.CARD': 'From your card.',
  'standing.next.coverEnds': 'For your cover up to {{date}}, when it ends: nothing after that.',
  'standing.referred.title': 'We cannot renew your policy automatically',
  'standing.referred.body':
    'We need to review your renewal before {{date}}. We will contact you before then.',
  'standing.notStarting.title': 'Your policy will not start',
  'standing.notStarting.body':
    'It was cancelled before its start date, {{date}}, so you were never on cover.',
  'standing.payingBack.title.onItsWay': 'We are paying {{amount}} back to you',
  'standing.payingBack.body.onItsWay.CARD':
    'It goes back to the card you paid with, and should reach you by {{date}}. You do not need to do anything.',
  'standing.payingBack.body.onItsWay.BACS_DEBIT':
    'It goes back to the bank account your Direct Debit is paid from, and should reach you by {{date}}. You do not need to do anything.',
  'standing.payingBack.body.onItsWay.any':
    'It goes back the way you paid, and should reach you by {{date}}. You do not need to do anything.',
  'standing.payingBack.body.late':
    'It is taking longer than it should to reach you. If it has not arrived in a few days, please call us on {{phone}}.',
  'standing.payingBack.title.toPayBack': 'Your account is {{amount}} in credit',
  'standing.payingBack.body.toPayBack.any':
    'We will pay it back to you the way you paid. You do not need to do anything.',
  'standing.payingBack.title.held': 'Your account is {{amount}} in credit',
  'standing.payingBack.body.held.CARD':
    'We could not pay it back to the card you paid with. Please call us on {{phone}} and we will pay it back to you.',
  'standing.payingBack.body.held.BACS_DEBIT':
    'We could not pay it back to the bank account your Direct Debit is paid from. Please call us on {{phone}} and we will pay it back to you.',
  'standing.payingBack.body.held.any':
    'We could not pay it back to you the way you paid. Please call us on {{phone}} and we will pay it back to you.',
  'standing.card.payingBack.onItsWay': 'Paying {{amount}} back to you by {{date}}',
  'standing.card.payingBack.late': 'Paying {{amount}} back to you',
  'standing.card.payingBack.toPayBack': '{{amount}} to pay back to you',
  'standing.card.payingBack.held': '{{amount}} to pay back to you: please call us on {{phone}}',
  'standing.renewal.subheaderOwing':
    'Policy {{policyNumber}} renews automatically on {{date}} only if the outstanding balance is paid by then.',
  'standing.renewal.subheaderReferred':
    'Policy {{policyNumber}} cannot renew automatically on {{date}}: we are reviewing it.',
};
