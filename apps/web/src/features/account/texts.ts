/** Texts of sign-in and the user menu, which the shell shows (spec 1 §2.1, §4). */
export const accountTexts: Record<string, string> = {
  'auth.signingIn': 'Taking you to sign in…',
  'auth.completing': 'Signing you in…',
  'auth.signingOut': 'Signing you out…',
  'userMenu.label': '{{initials}}, your account menu',
  'userMenu.dashboard': 'Dashboard',
  'userMenu.account': 'Account',
  'userMenu.signOut': 'Sign out',
  'userMenu.connection': 'Signed in with {{connection}}',
};
