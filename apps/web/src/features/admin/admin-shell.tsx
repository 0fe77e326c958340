import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNotAuthorisedOpen } from '../../lib/auth/admin-guard.ts';
import { useConfig } from '../../lib/config.tsx';
import { Spinner } from '../../ui/index.ts';

// Admin mode and the not-authorised modal load only where they show: a customer's pages (home, the quote
// journey's first page) carry none of their code (issue 29).
const AdminMode = lazy(() => import('./admin-mode.tsx').then((m) => ({ default: m.AdminMode })));
const NotAuthorisedModal = lazy(() =>
  import('./not-authorised-modal.tsx').then((m) => ({ default: m.NotAuthorisedModal })),
);

/**
 * Admin mode around the app (inside the account shell, which provides the auth state): the admin gate,
 * the admin bar slot, and the not-authorised modal that `showNotAuthorised` opens (mounted from its first
 * opening on, so it closes as it always has).
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { features } = useConfig();
  const open = useNotAuthorisedOpen();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      {features.isAdmin ? (
        <Suspense fallback={<Spinner label="" />}>
          <AdminMode>{children}</AdminMode>
        </Suspense>
      ) : (
        children
      )}
      {opened && (
        <Suspense fallback={null}>
          <NotAuthorisedModal />
        </Suspense>
      )}
    </>
  );
}
