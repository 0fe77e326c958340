import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-context.tsx';
import { Spinner } from '../../../ui/index.ts';
import { sessionExpired } from '../session-expired.ts';

/**
 * Protected pages redirect to sign-in, which returns here afterwards (spec 1 §4); after the API refused the
 * session (UNAUTHORIZED), they go home instead, where the UNAUTHORIZED modal offers to sign in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, ready } = useAuth();
  const location = useLocation();
  if (!ready) return <Spinner label="" />;
  if (!user) {
    if (sessionExpired.get()) return <Navigate to="/" replace />;
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return children;
}
