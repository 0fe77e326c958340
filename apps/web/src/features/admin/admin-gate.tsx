import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useImpersonation } from '../../lib/auth/impersonation.ts';
import { useConfig } from '../../lib/config.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { ImpersonationScreen } from './impersonation-screen.tsx';
import { UnauthorisedScreen } from './unauthorised-screen.tsx';

const PASS_THROUGH = ['/callback', '/sign-in'];

/**
 * Admin mode (features.isAdmin): without a user holding access:impersonate, the unauthorised screen;
 * then the impersonation screen until a customer id is given; then the app, acting for that customer.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const config = useConfig();
  const { user, ready } = useAuth();
  const impersonating = useImpersonation();
  if (!config.features.isAdmin) return children;
  const base = config.basename.replace(/\/$/, '');
  const path = window.location.pathname.slice(base.length) || '/';
  if (PASS_THROUGH.includes(path)) return children;
  if (!ready) return <Spinner label="" />;
  if (!user?.permissions.includes('access:impersonate')) return <UnauthorisedScreen />;
  if (!impersonating) return <ImpersonationScreen />;
  return children;
}
