import { registerTexts } from '../../lib/i18n/i18n.ts';

/**
 * Texts of a mid-term change in plain words (issue 28 defect 11, ADR 356): old and new, the difference, how it
 * is paid (the kinds and amounts the server answers), when it applies and why the price changed. A brand's
 * texts.json overrides any of them.
 */
export const changeTexts: Record<string, string> = {
  'policy.change.header': 'Check your change',
  'policy.change.what': 'What changes',
  'policy.change.now': 'Now',
  'policy.change.after': 'After the change',
  'policy.change.car': 'Your car',
  'policy.change.drivers': 'Drivers',
  'policy.change.price': 'Your price',
  'policy.change.price.month': '{{amount}} a month',
  'policy.change.price.year': '{{amount}} a year',
  'policy.change.policyholder': '{{name}} (you)',
  'policy.change.noDrivers': 'Only you',
  'policy.change.perPayment.up.month': 'Your monthly payment goes up by {{amount}}.',
  'policy.change.perPayment.down.month': 'Your monthly payment goes down by {{amount}}.',
  'policy.change.perPayment.up.year': 'Your price for the year goes up by {{amount}}.',
  'policy.change.perPayment.down.year': 'Your price for the year goes down by {{amount}}.',
  'policy.change.perPayment.same': 'Your regular price stays the same.',
  'policy.change.total.more': 'For the rest of this period the change costs {{amount}} in total.',
  'policy.change.total.less': 'For the rest of this period you get {{amount}} back in total.',
  'policy.change.total.same': 'Nothing more to pay for the rest of this period.',
  'policy.change.pay.next-payment': '{{amount}} will be added to your next payment on {{date}}.',
  'policy.change.pay.next-payment-credit': '{{amount}} will be taken off your next payment on {{date}}.',
  'policy.change.pay.card-charge': '{{amount}} is due now: you pay it by card before the change is made.',
  'policy.change.paid.card-charge': '{{amount}} was charged to your card.',
  'policy.change.pay.outstanding': '{{amount}} is left to pay: you can pay it from your billing tab.',
  'policy.change.pay.refund.CARD': '{{amount}} will be refunded to your card within {{days}} working days.',
  'policy.change.pay.refund.BACS_DEBIT':
    '{{amount}} will be refunded to your bank account within {{days}} working days.',
  'policy.change.pay.credit': '{{amount}} is kept as credit on your account.',
  'policy.change.pay.from-next-payment':
    'Nothing is due now. Every day from the change is paid at the new price, starting with your next payment on {{date}}.',
  'policy.change.pay.none': 'Nothing is due now and your payments stay the same.',
  'policy.change.when.now': 'The change applies now, from {{time}}.',
  'policy.change.when.past': 'The change is backdated: it applies from {{time}}.',
  'policy.change.when.future': 'The change applies from {{time}}. Until then your cover stays as it is.',
  'policy.change.when.choose': 'Choose another date',
  'policy.change.result.future': 'The change applies from {{time}}. Until then your cover stays as it is.',
  'policy.change.why': 'Why has my price changed?',
  'policy.change.why.intro':
    'Your price is worked out from the things below. These are the ones that are different after the change.',
  'policy.change.why.effect.up': 'adds {{percent}}%',
  'policy.change.why.effect.down': 'takes off {{percent}}%',
  'policy.change.why.driver': 'Named driver: {{name}}',
  'policy.change.why.claim': 'A claim by {{name}}',
  'policy.change.why.conviction': 'A motoring conviction of {{name}}',
  'policy.change.why.years': '{{count}} years',
  'policy.change.why.age': '{{count}} years old',
  'policy.change.why.group': 'Group {{value}}',
  'policy.change.why.miles': '{{value}} miles a year',
  'policy.change.why.days': '{{count}} days',
  'policy.change.why.yes': 'Yes',
  'policy.change.why.no': 'No',
  'policy.change.why.none': 'Not on the policy',
  'policy.change.why.factor.shortTerm': 'Length of cover',
  'policy.change.why.factor.overnightLocation': 'Where the car is kept overnight',
  'policy.change.effective.customer':
    'You can date the change from today up to {{last}}: for example, a new car you collect next week.',
  'policy.change.effective.range': 'A date from {{first}} to {{last}}',
  'policy.change.effective.now': 'Now',
  'policy.change.effective.later': 'A later date',
  'policy.manage.header.cover': 'Change your cover',
  'policy.manage.intro.cover': 'Change the car you insure, how you use it or who drives it.',
  'policy.manage.header.details': 'Update your details',
  'policy.manage.intro.details':
    'Update what you told us about you, your home, your driving and how to contact you.',
  'policy.adjust.addOns.price': '{{amount}} a year',
  'policy.adjust.addOns.instalment.up': 'adds {{amount}} to each monthly payment',
  'policy.adjust.addOns.instalment.down': 'takes {{amount}} off each monthly payment',
  'policy.adjust.addOns.included': 'Included in your price',
};

registerTexts(changeTexts);
