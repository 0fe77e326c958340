import { registerTexts } from '../../lib/i18n/i18n.ts';

/** Texts of cancelling a policy and its confirmation (spec 3 §6) (keys under `policy.`, as before the split of ADR 358). A brand's texts.json overrides any of them. */
export const cancellationTexts: Record<string, string> = {
  'policy.cancel.header': 'Cancel your policy',
  'policy.cancel.back': 'Back to your policy',
  'policy.cancel.notAllowed.header': 'This policy cannot be cancelled',
  'policy.cancel.notAllowed.body':
    'This policy cannot be cancelled online. If you think it should be, please contact us.',
  'policy.cancel.coolingOff.header': 'You are in your 14-day cooling-off period',
  'policy.cancel.coolingOff.body':
    'Your cover ends as soon as you confirm. You pay only for the days you were covered.',
  'policy.cancel.ifNow.refund': 'We will refund {{refund}}.',
  'policy.cancel.ifNow.owed': '{{amount}} will still be to pay.',
  'policy.cancel.ifNow.nothing': 'There is nothing to refund.',
  'policy.cancel.standard.header': 'Choose when your cover ends',
  'policy.cancel.standard.body':
    'You can cancel now or choose a day up to {{date}}. You pay only for the days you are covered; there is no fee.',
  'policy.cancel.reason': 'Why are you cancelling?',
  'policy.cancel.reasons.SoldNR': 'I sold my car and do not need insurance',
  'policy.cancel.reasons.SoldMake': 'I sold my car and bought another',
  'policy.cancel.reasons.Price': 'I found a better price',
  'policy.cancel.reasons.Service': 'I am unhappy with the service',
  'policy.cancel.reasons.NotSuitable': 'The policy is not right for me',
  'policy.cancel.reasons.Other': 'Something else',
  'policy.cancel.otherText': 'Tell us why',
  'policy.cancel.otherRequired': 'Please tell us why you are cancelling',
  'policy.cancel.when': 'When should your cover end?',
  'policy.cancel.immediately': 'Now',
  'policy.cancel.deferred': 'On a later day',
  'policy.cancel.day': 'Your cover ends at 00:00 on',
  'policy.cancel.dayHint': 'Until then you stay covered.',
  'policy.cancel.submit': 'Cancel my policy',
  'policy.cancel.keep': 'Keep my policy',
  'policy.cancel.gone.header': 'This took too long',
  'policy.cancel.gone.body': 'For your security your request has expired. Please cancel again.',
  'policy.cancel.failed.header': 'We could not cancel your policy',
  'policy.cancelled.header': 'Your policy is cancelled',
  'policy.cancelled.deferredHeader': 'Your policy will be cancelled',
  'policy.cancelled.immediate': 'Your cover ended at {{time}}.',
  'policy.cancelled.deferred': 'Your cover ends at {{time}}. You are covered until then.',
  'policy.cancelled.refund':
    'We are refunding {{amount}} to the card or bank account you paid with. It reaches you in {{min}} to {{max}} working days.',
  'policy.cancelled.noRefund': 'There is nothing to refund.',
  'policy.cancelled.owedBilling':
    '{{amount}} is still to pay for your cover. You can pay it from the Billing tab of your policy, or call us.',
  'policy.cancelled.owedCall': '{{amount}} is still to pay for your cover. Please call us to pay it.',
  'policy.cancelled.email': 'We have e-mailed you to confirm this.',
  'policy.cancelled.home': 'Back to your insurance',
  'policy.cancelled.policy': 'See your policy',
};

registerTexts(cancellationTexts);
