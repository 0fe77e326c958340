/** Texts of the retrieve area (spec 3 §2 "Retrieve", §8). */
export const retrieveTexts: Record<string, string> = {
  'retrieve.header': 'Retrieve your quote',
  'retrieve.subheader': 'Enter your quote reference and the details you gave us.',
  'retrieve.reference': 'Quote reference',
  'retrieve.referenceShown': 'Quote reference {{reference}}',
  'retrieve.reference.hint': 'It is in the e-mail we sent you, for example FC-7K3M9-Q2XWP',
  'retrieve.dateOfBirth': 'Your date of birth',
  'retrieve.postalCode': 'Your postcode',
  'retrieve.postalCode.invalid': 'That is not a UK postcode. Enter it in full, for example LS1 5HD.',
  'retrieve.submit': 'Retrieve my quote',
  'retrieve.error.401.header': "We couldn't find your quote",
  'retrieve.error.401.message':
    "The details don't match a saved quote. Please check them and try again, or chat to us for help.",
  'retrieve.error.unknown.header': 'Something went wrong',
  'retrieve.error.unknown.message':
    'We could not retrieve your quote just now. Please try again, or call us on {{phone}}.',
  'retrieve.error.locked.header': 'Too many attempts',
  'retrieve.error.locked.message':
    'For your security we have paused retrieving quotes from this device. You can try again at {{time}}, or call us on {{phone}}.',
  'retrieve.error.close': 'Try again',
};
