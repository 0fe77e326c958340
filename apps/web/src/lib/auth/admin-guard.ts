import { useSyncExternalStore } from 'react';
import { useConfig } from '../config.tsx';

let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};

/** Opens the 'You are not authorised to perform this action.' modal (also for a 403 from the API). */
export const showNotAuthorised = () => set(true);
/** Closes it. */
export const hideNotAuthorised = () => set(false);

/** Whether the not-authorised modal is open (the admin area renders it). */
export function useNotAuthorisedOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}

/**
 * A guard on actions admins may not perform (spec 1 §6): in admin mode it shows the not-authorised modal
 * instead of running the action.
 */
export function useAdminGuard() {
  const { features } = useConfig();
  return <A extends unknown[]>(action: (...args: A) => void) =>
    (...args: A) => {
      if (features.isAdmin) showNotAuthorised();
      else action(...args);
    };
}
