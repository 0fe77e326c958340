import { registerTexts } from '../../lib/i18n/i18n.ts';

/** Texts of changing a policy: the management pages, the change covers, the review of an adjustment and its payment (spec 3 §4) (keys under `policy.`, as before the split of ADR 358). A brand's texts.json overrides any of them. */
export const changesTexts: Record<string, string> = {
  'policy.adjust.review.header': 'Check your new price',
  'policy.adjust.review.price.month':
    'Your new price is {{amount}} a month, including Insurance Premium Tax.',
  'policy.adjust.review.price.year': 'Your new price is {{amount}} a year, including Insurance Premium Tax.',
  'policy.adjust.review.more': 'For the rest of this period the change costs {{amount}}.',
  'policy.adjust.review.less': 'For the rest of this period you get {{amount}} back.',
  'policy.adjust.review.same': 'Your price does not change.',
  'policy.adjust.review.from': 'The change applies from {{time}}. There is no fee.',
  'policy.adjust.trace.header': 'Why your price changes',
  'policy.adjust.trace.none': 'Nothing that sets your price changes.',
  'policy.adjust.trace.factor': 'What we price on',
  'policy.adjust.trace.before': 'Now',
  'policy.adjust.trace.after': 'After the change',
  'policy.adjust.trace.factor.driverAge': 'Age of the youngest driver',
  'policy.adjust.trace.factor.licenceYears': 'Years with a licence',
  'policy.adjust.trace.factor.noClaimsDiscount': 'No claims discount',
  'policy.adjust.trace.factor.insuranceGroup': 'Insurance group of the car',
  'policy.adjust.trace.factor.vehicleValue': 'Value of the car',
  'policy.adjust.trace.factor.postcodeArea': 'Where the car is kept',
  'policy.adjust.trace.factor.annualMileage': 'Miles a year',
  'policy.adjust.trace.factor.classOfUse': 'How the car is used',
  'policy.adjust.trace.factor.trackerFitted': 'Tracker fitted',
  'policy.adjust.trace.factor.voluntaryExcess': 'Voluntary excess',
  'policy.adjust.trace.factor.basePremium': 'Base premium',
  'policy.adjust.trace.factor.minimumPremium': 'Minimum premium',
  'policy.adjust.trace.factor.additionalDriver': 'Named driver ({{code}})',
  'policy.adjust.trace.factor.claim': 'A claim of {{code}}',
  'policy.adjust.referred.header': 'We cannot make this change online',
  'policy.adjust.referred.body':
    'We cannot insure your car with this change. If you go ahead, your cover ends and your policy is cancelled now; you pay only for the days you were covered. Otherwise keep your policy as it is and contact us.',
  'policy.adjust.referred.agree':
    'I understand that my cover ends and my policy is cancelled as soon as I confirm',
  'policy.adjust.referred.confirm': 'Make the change and cancel my policy',
  'policy.adjust.invalid.header': 'This change cannot be made',
  'policy.adjust.invalid.body': 'Please contact us and we will help.',
  'policy.adjust.gone.header': 'This change has expired',
  'policy.adjust.gone.body': 'Prices are held for 30 minutes. Please discard this change and make it again.',
  'policy.adjust.failed': 'We could not make this change',
  'policy.adjust.confirm': 'Confirm the change',
  'policy.adjust.pay.confirm': 'Pay {{amount}} and make the change',
  'policy.adjust.pay.note':
    'Your policy is paid for the year, so we take the {{amount}} by card now. The change is made as soon as the payment goes through.',
  'policy.adjust.pay.lineItem': 'Change to policy {{policyNumber}}',
  'policy.adjust.pay.checking': 'Checking your payment…',
  'policy.adjust.pay.declined':
    'Your payment did not go through, so nothing has changed. Please try another card.',
  'policy.adjust.pay.declined.card_declined':
    'Your card was declined, so nothing has changed. Please try another card.',
  'policy.adjust.pay.declined.insufficient_funds':
    'Your card was declined for insufficient funds, so nothing has changed. Please try another card.',
  'policy.adjust.back': 'Back to your policy',
  'policy.adjust.seePrice': 'See my new price',
  'policy.adjust.result.header': 'Your policy has been changed',
  'policy.adjust.result.immediately': 'The change applies immediately.',
  'policy.adjust.result.deferred': 'The change applies from {{time}}.',
  'policy.adjust.result.documents':
    'Your new certificate and schedule are in your documents; we have e-mailed you too.',
  'policy.adjust.result.toDocuments': 'See your new documents',
  'policy.adjust.result.error':
    'Something went wrong and your policy has not changed. Please try again or contact us.',
  'policy.adjust.result.unverified':
    'We could not verify the change, so your policy has not changed. Please contact us.',
  'policy.adjust.effective.header': 'When does this change take effect?',
  'policy.adjust.effective.label': 'Effective date',
  'policy.adjust.effective.immediately': 'Immediately',
  'policy.adjust.effective.backdate-to-inception': 'Backdate to inception',
  'policy.adjust.effective.other-date': 'Another date',
  'policy.adjust.effective.day': 'Date',
  'policy.adjust.effective.continue': 'Continue',
  'policy.adjust.addOns.header': 'Your add-ons',
  'policy.adjust.waiting.covers':
    'Your policy already has a change from {{date}}. These are your add-ons from then: a change you make here applies from then or later.',
  'policy.adjust.waiting.details':
    'Your policy already has a change from {{date}}. Your details here are as they will be from then: a change you make here applies from then or later.',
  'policy.adjust.waiting.excess':
    'Your policy already has a change from {{date}}. This is your voluntary excess from then: a change you make here applies from then or later.',
  'policy.adjust.addOns.on': 'Include',
  'policy.adjust.addOns.off': 'No thanks',
  'policy.adjust.excess.header': 'Your voluntary excess',
  'policy.adjust.excess.label': 'Voluntary excess',
  'policy.adjust.excess.notAdjustable': 'The excess of this policy cannot be changed online.',
  'policy.changeBlocked.header': 'Your policy is being renewed',
  'policy.changeBlocked.body':
    'You cannot change your policy yourself in the weeks before it renews. Please contact us and we will make the change and update your renewal quote.',
  'policy.changeBlocked.close': 'Close',
  'policy.renewalQuoted.header': 'The renewal is already quoted',
  'policy.renewalQuoted.body':
    'A change made here does not reach the renewal quote, so the customer would renew on the details it was quoted on. Make the same change on the renewal quote too.',
  'policy.renewalQuoted.open': 'Open the renewal quote',
  'policy.adjustmentsBlocked.header': 'Your policy cannot be changed online',
  'policy.adjustmentsBlocked.body':
    'Changes to this policy cannot be made online at the moment, for example while a payment is overdue. Please contact us and we will help.',

  'policy.manage.header': 'Update your details',
  'policy.manage.intro':
    'Choose what to change. You see the new price and the difference before anything changes; there is no fee.',
  'policy.manage.back': 'Back to your details',
  'policy.manage.section.your-car': 'Your car',
  'policy.manage.section.using-the-car': 'How you use your car',
  'policy.manage.section.about-you': 'About you',
  'policy.manage.section.your-home': 'Your address',
  'policy.manage.section.your-driving': 'Your driving licence',
  'policy.manage.section.claims-history': 'Claims history',
  'policy.manage.section.additional-drivers': 'Drivers',
  'policy.manage.section.your-no-claims-bonus': 'No claims bonus',
  'policy.manage.addDriver': 'Add a driver',
  'policy.manage.changeDriver': 'Change a driver',
  'policy.manage.change': 'Change',
  'policy.manage.remove': 'Remove',
  'policy.manage.noDrivers': 'Nobody else is insured to drive your car.',
  'policy.manage.remaining_one': 'You can add {{count}} more driver.',
  'policy.manage.remaining_other': 'You can add {{count}} more drivers.',
};

registerTexts(changesTexts);
