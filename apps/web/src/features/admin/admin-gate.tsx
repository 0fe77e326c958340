import { lazy, type ReactNode, Suspense } from 'react';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useImpersonation } from '../../lib/auth/impersonation.ts';
import { useConfig } from '../../lib/config.tsx';
import { Spinner } from '../../ui/index.ts';
import { UnauthorisedScreen } from './unauthorised-screen.tsx';

// Staff screens, loaded only in the admin app: not part of a customer's landing page.
const ImpersonationScreen = lazy(() =>
  import('./impersonation-screen.tsx').then((m) => ({ default: m.ImpersonationScreen })),
);
const PASS_THROUGH = ['/callback', '/sign-in'];
const RenewalReviewScreen = lazy(() =>
  import('./renewal-review/renewal-review-screen.tsx').then((m) => ({ default: m.RenewalReviewScreen })),
);
const StaffClaimsScreen = lazy(() =>
  import('./claims/staff-claims-screen.tsx').then((m) => ({ default: m.StaffClaimsScreen })),
);
const RefundsHeldScreen = lazy(() =>
  import('./refunds/refunds-held-screen.tsx').then((m) => ({ default: m.RefundsHeldScreen })),
);
const PartnersScreen = lazy(() =>
  import('./partners/partners-screen.tsx').then((m) => ({ default: m.PartnersScreen })),
);
const PartnerKeysScreen = lazy(() =>
  import('./partners/partner-keys-screen.tsx').then((m) => ({ default: m.PartnerKeysScreen })),
);
const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
/** The staff screens that act for no customer (ADR 265, 354): reachable before choosing one. */
const isStaffScreen = (path: string) =>
  under(path, '/renewals') || under(path, '/claims') || under(path, '/refunds');

/**
 * Admin mode (features.isAdmin): without a user holding access:impersonate, the unauthorised screen; the
 * staff screens that act for no customer (the renewal review queue, `/renewals`); otherwise the
 * impersonation screen until a customer id is given; then the app, acting for that customer. The staff
 * claims screen (`/claims`, ADR 354) and the money owed back (`/refunds`, ADR 411) act for no customer either; the partner screens (`/partners`, ADR 362;
 * `/partners/keys`, ADR 363) need partner:admin instead of access:impersonate.
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
  // The partner screens (ADR 362 webhooks, ADR 363 API keys) need partner:admin, not access:impersonate: they
  // act for no customer.
  if (under(path, '/partners'))
    return user?.permissions.includes('partner:admin') ? (
      <Suspense fallback={<Spinner label="" />}>
        {under(path, '/partners/keys') ? <PartnerKeysScreen /> : <PartnersScreen />}
      </Suspense>
    ) : (
      <UnauthorisedScreen />
    );
  if (!user?.permissions.includes('access:impersonate')) return <UnauthorisedScreen />;
  if (isStaffScreen(path))
    return (
      <Suspense fallback={<Spinner label="" />}>
        {under(path, '/claims') ? (
          <StaffClaimsScreen path={path} />
        ) : under(path, '/refunds') ? (
          <RefundsHeldScreen />
        ) : (
          <RenewalReviewScreen path={path} />
        )}
      </Suspense>
    );
  if (!impersonating)
    return (
      <Suspense fallback={<Spinner label="" />}>
        <ImpersonationScreen />
      </Suspense>
    );
  return children;
}
