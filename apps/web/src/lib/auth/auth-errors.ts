/** Authentication errors that sign the user out (spec 1 §8). */
export const SIGN_OUT_ERRORS = [
  'login_required',
  'unauthorized',
  'missing_refresh_token',
  'invalid_grant',
] as const;

/** Login-required type errors that a silent sign-in tolerates by returning nothing. */
const SILENT_TOLERATED = [
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
];

const errorCode = (e: unknown): string | undefined => {
  if (e && typeof e === 'object' && 'error' in e && typeof e.error === 'string') return e.error;
  if (e instanceof Error && /refresh[ _]token/i.test(e.message) && /\bno\b|missing|required/i.test(e.message))
    return 'missing_refresh_token';
  return undefined;
};

export const isSignOutError = (e: unknown) =>
  (SIGN_OUT_ERRORS as readonly string[]).includes(errorCode(e) ?? '');
export const isSilentTolerated = (e: unknown) => {
  const code = errorCode(e);
  if (code && SILENT_TOLERATED.includes(code)) return true;
  // A frame that never answered (IdP unreachable, blocked third-party frames) is also "not signed in".
  return e instanceof Error && /timed out|frame window/i.test(e.message);
};
export const authErrorDescription = (e: unknown): string | undefined =>
  e && typeof e === 'object' && 'error_description' in e && typeof e.error_description === 'string'
    ? e.error_description
    : undefined;
