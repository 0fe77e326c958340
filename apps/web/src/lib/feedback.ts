/**
 * The feedback request (spec 2 §3 "Feedback", §4, issue 11 item 6, issue 28 defect 8): a cancellation or an
 * adjustment that has just happened asks for the feedback modal with `requestFeedback(kind)` — the one way to
 * ask; the shell's feedback host shows it once, 2 s after the next page opens, to customers (never in the
 * admin app). Kept in session storage, so the request survives the navigation (or reload) that follows the
 * operation; the same request (kind and tags) is made once a session, so reopening a confirmation does not
 * ask again.
 */
export type FeedbackKind = 'cancellation' | 'adjustment';
export interface FeedbackRequest {
  kind: FeedbackKind;
  /** Short name/value pairs saved with the answer (e.g. policyNumber). */
  tags: Record<string, string>;
}

const KEY = 'forecourt.feedback';
const ASKED = 'forecourt.feedback.asked';
const listeners = new Set<() => void>();

const asked = (): string[] => {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(ASKED) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

export function requestFeedback(kind: FeedbackKind, tags: Record<string, string> = {}) {
  const request = JSON.stringify({ kind, tags } satisfies FeedbackRequest);
  const before = asked();
  if (before.includes(request)) return;
  window.sessionStorage.setItem(ASKED, JSON.stringify([...before, request].slice(-20)));
  window.sessionStorage.setItem(KEY, request);
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
