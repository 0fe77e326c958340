import { useSyncExternalStore } from 'react';

/** The admin's impersonation id, kept for the browser session (spec 1 §4). */
export const IMPERSONATION_KEY = 'forecourt.impersonate';

const listeners = new Set<() => void>();

export function getImpersonation(): string | undefined {
  return window.sessionStorage.getItem(IMPERSONATION_KEY) ?? undefined;
}

export function setImpersonation(id: string | undefined) {
  if (id?.trim()) window.sessionStorage.setItem(IMPERSONATION_KEY, id.trim());
  else window.sessionStorage.removeItem(IMPERSONATION_KEY);
  for (const l of listeners) l();
}

export function useImpersonation(): string | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getImpersonation,
    () => undefined,
  );
}
