/** Texts of the retrieve area (spec 3 §2 "Retrieve", §8). */
export const retrieveTexts: Record<string, string> = {
  'quoteLink.header': 'Opening your quote',
  'quoteLink.gone.header': 'This quote link has already been used',
  'quoteLink.gone.message':
    'For your security a quote link works once, for 24 hours. If you opened it before, your quote is still saved: you can retrieve it with its reference, or get a new quote in a few minutes.',
  'quoteLink.problem.header': 'We could not open your quote',
  'quoteLink.missing.message':
    'This link is not complete. Please go back to the comparison site and choose us again.',
  'quoteLink.unknown.message':
    'We could not open your quote just now. Please try the link again in a moment.',
  'quoteLink.retrieve': 'Retrieve a saved quote',
  'quoteLink.newQuote': 'Get a new quote',
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
