/**
 * The feedback request (spec 2 §3 "Feedback", issue 11 item 6): a cancellation or an adjustment that has
 * just happened asks for the feedback modal with `requestFeedback(kind)`; the shell's feedback host shows
 * it once, 2 s after the next page opens, to customers (never in the admin app). Kept in session storage,
 * so the request survives the navigation (or reload) that follows the operation.
 */
export type FeedbackKind = 'cancellation' | 'adjustment';
export interface FeedbackRequest {
  kind: FeedbackKind;
  /** Short name/value pairs saved with the answer (e.g. policyNumber). */
  tags: Record<string, string>;
}

const KEY = 'forecourt.feedback';
const listeners = new Set<() => void>();

export function requestFeedback(kind: FeedbackKind, tags: Record<string, string> = {}) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ kind, tags } satisfies FeedbackRequest));
  for (const l of listeners) l();
}

/** The request waiting to be shown, if any (it stays until taken). */
export function pendingFeedback(): FeedbackRequest | undefined {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as FeedbackRequest | null;
    return value && (value.kind === 'cancellation' || value.kind === 'adjustment')
      ? { kind: value.kind, tags: value.tags ?? {} }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the request: it is shown once, whatever the customer then does. */
export function takeFeedback(): FeedbackRequest | undefined {
  const request = pendingFeedback();
  window.sessionStorage.removeItem(KEY);
  return request;
}

/** Calls `listener` when a request is made on this page (the host then waits its 2 s). */
export function onFeedbackRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
