import { registerTexts } from '../../lib/i18n/i18n.ts';

/**
 * Texts of the account settings and account set-up pages and their code entry (spec 2 §2 Account settings,
 * spec 3 §4 step 5): registered by those pages when they load (below), not part of the home route's
 * bundle (issue 15).
 */
export const accountPageTexts: Record<string, string> = {
  'account.header': 'Your account',
  'account.subheader': 'Keep your contact details and preferences up to date.',
  'account.back': 'Back to dashboard',
  'account.update': 'Update',
  'account.notSet': 'Not set',
  'account.setting.email': 'E-mail address',
  'account.setting.phoneNumber': 'Phone number',
  'account.setting.marketingPreferences': 'Marketing preferences',
  'account.marketing.email': 'E-mail',
  'account.marketing.phone': 'Phone',
  'account.marketing.sms': 'Text message',
  'account.marketing.none': 'No marketing',
  'account.readOnly.header': 'This can’t be changed here',
  'account.readOnly.body':
    'Your {{setting}} is managed by the service you sign in with. Change it there, or contact us and we’ll help.',
  'account.readOnly.ok': 'OK',
  'account.edit.back': 'Back to your account',
  'account.edit.save': 'Save changes',
  'account.edit.cancel': 'Cancel',
  'account.edit.saved': 'Your changes are saved.',
  'account.edit.email.header': 'Change your e-mail address',
  'account.edit.email.hint': 'You’ll use this address to sign in. We send a one-time code to it each time.',
  'account.edit.phoneNumber.header': 'Change your phone number',
  'account.edit.phoneNumber.hint': 'A UK number. You can also sign in with a code sent by text to a mobile.',
  'account.edit.marketingPreferences.header': 'Marketing preferences',
  'account.edit.marketingPreferences.hint':
    'Choose how we may tell you about offers. You can change this at any time.',
  'account.edit.invalidEmail': 'Enter a valid e-mail address, like name@example.com',
  'account.edit.invalidPhone': 'Enter a valid UK phone number',
  'accountSetup.header': 'Create your account',
  'accountSetup.signedInHeader': 'Your account is ready',
  'accountSetup.subheader': 'Your account keeps your policy, documents and payments in one place.',
  'accountSetup.email': 'We’ll set up your account with',
  'accountSetup.noPassword':
    'There’s no password: each time you sign in we send a one-time code to this e-mail.',
  'accountSetup.signedIn': 'You’re signed in as {{username}}. Your quote is saved to your account.',
  'accountSetup.continue': 'Continue',
  'accountSetup.missingEmail':
    'We need the policyholder’s e-mail address to create the account. Go back and add it.',
  'accountSetup.conflict.header': 'You already have an account',
  'accountSetup.conflict.body':
    'There’s already an account with this e-mail address. Sign in and we’ll move this quote into it.',
  'accountSetup.conflict.signIn': 'Sign in',
  'accountSetup.conflict.cancel': 'Not now',
  'accountSetup.verifyHeader': 'Check your e-mail',
  'accountSetup.alreadyHave':
    'Already have an account with this e-mail? We’ve e-mailed you instead of sending a code: sign in and we’ll move this quote into it.',
  'accountSetup.signIn': 'Sign in instead',
  'accountSetup.signingIn': 'Your account is ready. Signing you in…',
  'code.sent': 'We’ve sent a 6-digit code to {{destination}}. It expires in 10 minutes.',
  'code.label': 'Code',
  'code.invalid': 'Enter the 6-digit code we sent you',
  'code.confirm': 'Confirm',
  'code.resend': 'Send a new code',
  'code.resent': 'We’ve sent a new code.',
  'account.edit.verify.email':
    'To keep your account safe, your new e-mail address is used only once you enter the code we send to it. We’ll also tell your old address.',
  'account.edit.verify.phoneNumber':
    'To keep your account safe, a new mobile number is used only once you enter the code we text to it.',
};

registerTexts(accountPageTexts);
