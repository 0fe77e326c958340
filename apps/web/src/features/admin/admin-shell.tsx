import type { ReactNode } from 'react';
import { ShellSlotsProvider } from '../../app/shell-slots.tsx';
import { useConfig } from '../../lib/config.tsx';
import { AdminBar } from './admin-bar.tsx';
import { AdminGate } from './admin-gate.tsx';
import { NotAuthorisedModal } from './not-authorised-modal.tsx';

/**
 * Admin mode around the app (inside the account shell, which provides the auth state): the admin gate,
 * the admin bar slot, and the not-authorised modal that `showNotAuthorised` opens.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { features } = useConfig();
  return (
    <>
      <AdminGate>
        <ShellSlotsProvider adminBar={features.isAdmin ? <AdminBar /> : undefined}>
          {children}
        </ShellSlotsProvider>
      </AdminGate>
      <NotAuthorisedModal />
    </>
  );
}
