/** Texts of the shell (src/app): navigation, page shell, footer, cookie banner, global errors. */
export const appTexts: Record<string, string> = {
  'app.loading': 'Loading…',
  'app.skipToContent': 'Skip to main content',

  'feedback.title.cancellation': 'How was cancelling your policy?',
  'feedback.title.adjustment': 'How was changing your policy?',
  'feedback.question': 'How likely are you to recommend us to a friend?',
  'feedback.low': '1 = not at all likely',
  'feedback.high': '10 = extremely likely',
  'feedback.comment': 'Anything you would like to tell us? (optional)',
  'feedback.send': 'Send feedback',
  'feedback.notNow': 'Not now',
  'feedback.thanks': 'Thank you: your feedback helps us improve.',
  'feedback.close': 'Close',
  'feedback.failed': 'We could not send your feedback. Please try again.',

  'nav.home': '{{brand}} home',
  'nav.mainMenu': 'Main menu',
  'nav.help': 'Help',
  'nav.signIn': 'Sign in',
  'nav.retrieve': 'Retrieve a quote',

  'chat.header': 'How can we help?',
  'chat.body': 'Our UK team is here Monday to Friday 8am to 8pm and Saturday 9am to 5pm.',
  'chat.phone': 'Call us on {{phone}}',
  'chat.email': 'Email {{email}}',
  'chat.claims': 'Need to make a claim? Call {{phone}}, any time.',
  'chat.start': 'Start a chat',
  'chat.starting': 'A member of our team will join you shortly.',

  'page.back': 'Back',
  'page.help': 'Help with this page',
  'page.helpFrameTitle': 'Help',

  'footer.review': 'Read our reviews on {{provider}}',
  'footer.poweredBy': 'Powered by {{name}}',
  'footer.links.privacy': 'Privacy policy',
  'footer.links.terms': 'Terms of business',
  'footer.links.complaints': 'Complaints',
  'footer.legal':
    '{{brand}} car insurance is arranged by {{platform}}. Calls may be recorded for training and quality purposes.',

  'cookies.header': 'Cookies on {{brand}}',
  'cookies.body':
    'We use essential cookies to make this site work. With your consent we also use analytics cookies to improve it.',
  'cookies.accept': 'Accept all cookies',
  'cookies.reject': 'Essential cookies only',

  'errors.NETWORK.header': 'You seem to be offline',
  'errors.NETWORK.content': 'Please check your internet connection and try again.',
  'errors.SIGN_IN_FAILED.header': 'We could not sign you in',
  'errors.SIGN_IN_FAILED.content': 'We were unable to sign you in. Please try again.',
  'errors.UNAUTHORIZED.header': 'Your session has expired',
  'errors.UNAUTHORIZED.content': 'For your security your session has ended. Please sign in again.',
  'errors.UNEXPECTED.header': 'Something went wrong',
  'errors.UNEXPECTED.content': "It's not you, it's us. Please try again in a moment.",
  'errors.ok': 'OK',
  'errors.signIn': 'Sign in',
  'errors.boundary.header': 'Sorry, something went wrong',
  'errors.boundary.content': "It's not you, it's us. Reload the page to carry on where you left off.",
  'errors.boundary.reload': 'Reload the page',
  'errors.boundary.home': 'Go to the home page',

  'unsupported.header': 'Your browser is not supported',
  'unsupported.content':
    'To get a quote and manage your policy safely, please use an up-to-date browser. We recommend:',
  'unsupported.browser1': 'Google Chrome',
  'unsupported.browser2': 'Mozilla Firefox',
};
