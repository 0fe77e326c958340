import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from '../../lib/config.tsx';
import {
  type FeedbackRequest,
  onFeedbackRequested,
  pendingFeedback,
  takeFeedback,
} from '../../lib/feedback.ts';

// Loaded when it is first shown (after a cancellation or a change): not part of the landing page's JavaScript.
const FeedbackModal = lazy(() => import('./feedback-modal.tsx').then((m) => ({ default: m.FeedbackModal })));

/** How long a page is open before the feedback modal appears (spec 2 §3). */
export const FEEDBACK_DELAY_MS = 2000;

/**
 * Shows the feedback modal once, FEEDBACK_DELAY_MS after a page opens, when a cancellation or an adjustment
 * asked for it (`requestFeedback`, lib/feedback.ts); never in the admin app. Leaving the page sooner moves
 * the wait to the next page.
 */
export function FeedbackHost() {
  const { features } = useConfig();
  const { pathname } = useLocation();
  const [shown, setShown] = useState<FeedbackRequest>();
  const [requests, setRequests] = useState(0);
  useEffect(() => onFeedbackRequested(() => setRequests((n) => n + 1)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (or a new request) starts the wait.
  useEffect(() => {
    if (features.isAdmin || !pendingFeedback()) return;
    const timer = window.setTimeout(() => setShown(takeFeedback()), FEEDBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, requests, features.isAdmin]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackModal request={shown} onClose={() => setShown(undefined)} />
    </Suspense>
  );
}
