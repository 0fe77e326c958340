import { useSyncExternalStore } from 'react';
import { isApiError } from '../../lib/api/errors.ts';

/** The error types with a text in the error modal (spec 1 §8). */
export type GlobalErrorType = 'NETWORK' | 'SIGN_IN_FAILED' | 'UNAUTHORIZED' | 'UNEXPECTED';

type Listener = (type: GlobalErrorType) => void;
let current: GlobalErrorType | null = null;
const renderListeners = new Set<() => void>();
const errorListeners = new Set<Listener>();

function set(type: GlobalErrorType | null) {
  current = type;
  for (const listener of renderListeners) listener();
}

/** Shows the error modal for this type. */
export function showGlobalError(type: GlobalErrorType) {
  set(type);
  for (const listener of errorListeners) listener(type);
}

export function clearGlobalError() {
  set(null);
}

/** Which modal an error leads to; null for 'Request aborted', which shows nothing. */
export function globalErrorType(error: unknown): GlobalErrorType | null {
  if (isApiError(error)) return error.type === 'ABORTED' ? null : error.type;
  if (error instanceof Error && (error.name === 'AbortError' || error.message === 'Request aborted'))
    return null;
  return 'UNEXPECTED';
}

/** Reports an error to the error modal (TanStack Query's global onError calls this). */
export function reportGlobalError(error: unknown) {
  const type = globalErrorType(error);
  if (type) showGlobalError(type);
}

/** Subscribe to reported errors (the auth layer signs out on UNAUTHORIZED). Returns the unsubscribe. */
export function onGlobalError(listener: Listener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export function useGlobalError(): GlobalErrorType | null {
  return useSyncExternalStore(
    (listener) => {
      renderListeners.add(listener);
      return () => renderListeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
