import { type ReactNode, useMemo } from 'react';
import { ShellSlotsProvider } from '../../app/shell-slots.tsx';
import { setImpersonationSource, setTokenSource } from '../../lib/api/client.ts';
import { AuthClient } from '../../lib/auth/auth-client.ts';
import { AuthStateProvider, useAuth } from '../../lib/auth/auth-context.tsx';
import { getImpersonation } from '../../lib/auth/impersonation.ts';
import { useConfig } from '../../lib/config.tsx';
import type { AnonymousSession } from '../../lib/session/anonymous-session.ts';
import { UserMenu } from './components/user-menu.tsx';
import { useSignOutOnUnauthorized } from './session-expired.ts';

/**
 * Identity around the app: the auth client (customer token, else the anonymous one, on every API call;
 * X-Impersonate in admin mode), sign-out once on an UNAUTHORIZED answer (then home with the modal, never a sign-in loop), and the shell's user menu slot.
 * The admin area's gate and bar sit inside it (`AdminShell`); the route table nests the two.
 */
export function AccountShell({ session, children }: { session: AnonymousSession; children: ReactNode }) {
  const config = useConfig();
  const client = useMemo(() => {
    const c = new AuthClient(config, session);
    setTokenSource(async () => (await c.getTokenSilently()) ?? (await session.getToken()));
    setImpersonationSource(() => (config.features.isAdmin ? getImpersonation() : undefined));
    return c;
  }, [config, session]);
  useSignOutOnUnauthorized(client);
  return (
    <AuthStateProvider client={client} basename={config.basename}>
      <Slots>{children}</Slots>
    </AuthStateProvider>
  );
}

function Slots({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <ShellSlotsProvider signedIn={Boolean(user)} userMenu={user ? <UserMenu /> : undefined}>
      {children}
    </ShellSlotsProvider>
  );
}
