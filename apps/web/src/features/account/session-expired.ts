import { useEffect } from 'react';
import { onGlobalError } from '../../app/errors/global-errors.ts';
import type { AuthClient } from '../../lib/auth/auth-client.ts';

/**
 * Set when an UNAUTHORIZED answer signed the user out: protected pages then go home, where the UNAUTHORIZED
 * modal offers "Sign in", instead of starting a sign-in by themselves. Without it, a token the identity
 * provider keeps issuing but the API refuses loops /account → /sign-in → /callback → /account (issue 11).
 * Cleared when the user asks to sign in.
 */
let expired = false;
export const sessionExpired = {
  get: () => expired,
  mark: () => {
    expired = true;
  },
  clear: () => {
    expired = false;
  },
};

/** Signs the user out once on the first UNAUTHORIZED answer (the error modal says why). */
export function useSignOutOnUnauthorized(client: Pick<AuthClient, 'current' | 'signOutLocally'>) {
  useEffect(
    () =>
      onGlobalError((type) => {
        if (type !== 'UNAUTHORIZED' || !client.current()) return;
        sessionExpired.mark();
        void client.signOutLocally();
      }),
    [client],
  );
}
