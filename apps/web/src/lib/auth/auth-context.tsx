import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthClient } from './auth-client.ts';
import type { SessionUser } from './session-user.ts';

export interface AuthState {
  client: AuthClient;
  /** The signed-in user, or null. */
  user: SessionUser | null;
  /** False until the cached user is loaded and the silent sign-in attempt is over. */
  ready: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

const isCallback = (basename: string) =>
  window.location.pathname === `${basename.replace(/\/$/, '')}/callback`;

/**
 * Holds the signed-in user. On start: the cached user (renewed by refresh token when stale); if none
 * and this is not the callback route, a silent sign-in is tried (login-required errors tolerated), unless
 * nobody has signed in in this browser (ADR 273).
 */
export function AuthStateProvider({
  client,
  basename,
  children,
}: {
  client: AuthClient;
  basename: string;
  children: ReactNode;
}) {
  const [user, setUser] = useState<SessionUser | null>(() => client.current());
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const off = client.subscribe(setUser);
    let live = true;
    (async () => {
      try {
        const loaded = await client.load();
        // Silent sign-in where someone may be signed in at the identity provider: not on a first visit.
        if (!loaded && !isCallback(basename) && client.mayBeSignedIn()) await client.signInSilently();
      } catch {
        // Any other silent failure still means "not signed in".
      } finally {
        if (live) setReady(true);
      }
    })();
    return () => {
      live = false;
      off();
    };
  }, [client, basename]);
  const value = useMemo(() => ({ client, user, ready }), [client, user, ready]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthStateProvider>');
  return auth;
}

/** The signed-in user where there may be no auth state (a page rendered on its own): null then. */
export function useSessionUser(): SessionUser | null {
  return useContext(AuthContext)?.user ?? null;
}

/** The auth client where there may be no auth state (a page rendered on its own): null then. */
export function useOptionalAuthClient(): AuthClient | null {
  return useContext(AuthContext)?.client ?? null;
}
