/** Texts of the admin app (spec 1 §2.2, spec 2 §2 Admin screens). */
export const adminTexts: Record<string, string> = {
  'admin.unauthorised.header': 'Admin access only',
  'admin.unauthorised.body':
    'You must be logged in as an admin with the appropriate role to access this resource',
  'admin.unauthorised.signIn': 'Sign in',
  'admin.unauthorised.signOut': 'Sign out',
  'admin.impersonate.header': 'Act for a customer',
  'admin.impersonate.body':
    'Enter the customer’s id (or their e-mail address). Everything you do is recorded in the audit log.',
  'admin.impersonate.label': 'Customer id',
  'admin.impersonate.submit': 'Impersonate',
  'admin.impersonate.required': 'Enter a customer id',
  'admin.impersonate.unknown': 'No customer has this id or e-mail. Check it and try again.',
  'admin.impersonate.forbidden': 'You are not authorised to perform this action.',
  'admin.impersonate.failed': 'We could not check this customer. Please try again.',
  'admin.bar.impersonating': 'Impersonating',
  'admin.bar.change': 'Change customer',
  'admin.bar.unknown': 'customer',
  'admin.notAuthorised.header': 'Not allowed',
  'admin.notAuthorised.body': 'You are not authorised to perform this action.',
  'admin.notAuthorised.ok': 'OK',
  'admin.renewals.link': 'Renewals waiting for review',
  'admin.claims.link': 'Claims',
  'admin.refunds.link': 'Money owed back that did not reach the customer',
  'admin.partners.link': 'Partner webhooks',
  'admin.partnerKeys.link': 'Partner API keys',
};
