import type { ReactNode } from 'react';
import { ShellSlotsProvider } from '../../app/shell-slots.tsx';
import { AdminBar } from './admin-bar.tsx';
import { AdminGate } from './admin-gate.tsx';

/** Admin mode around the app (features.isAdmin): the admin gate and the admin bar slot. */
export function AdminMode({ children }: { children: ReactNode }) {
  return (
    <AdminGate>
      <ShellSlotsProvider adminBar={<AdminBar />}>{children}</ShellSlotsProvider>
    </AdminGate>
  );
}
