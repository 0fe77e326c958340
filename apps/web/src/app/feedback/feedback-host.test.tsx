import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply } from '../../../test/mock-fetch.ts';
import { endpoints } from '../../lib/api/endpoints.ts';
import { pendingFeedback, requestFeedback } from '../../lib/feedback.ts';
import { adminConfig, renderShell } from '../test-render.tsx';
import { FEEDBACK_DELAY_MS, FeedbackHost } from './feedback-host.tsx';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const recorded = () => reply(endpoints.postFeedback, { id: 'f1', recorded: true }, 201);

describe('the feedback modal (spec 2 §3, issue 11 item 6)', () => {
  it('shows nothing when nothing asked for feedback', async () => {
    vi.useFakeTimers();
    renderShell(<FeedbackHost />);
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_DELAY_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('appears 2 s after the page opens, once, after a cancellation asked for it', async () => {
    vi.useFakeTimers();
    requestFeedback('cancellation', { policyNumber: 'FCM1' });
    const { unmount } = renderShell(<FeedbackHost />);
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_DELAY_MS - 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The modal is its own chunk: it renders once that has loaded (real time).
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'How was cancelling your policy?' })).toBeVisible();
    expect(pendingFeedback()).toBeUndefined();
    unmount();
    vi.useFakeTimers();
    renderShell(<FeedbackHost />);
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_DELAY_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is never shown in the admin app (the request waits for the customer)', async () => {
    vi.useFakeTimers();
    requestFeedback('adjustment');
    renderShell(<FeedbackHost />, { config: adminConfig() });
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_DELAY_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pendingFeedback()?.kind).toBe('adjustment');
  });

  it('a request made on the open page shows the modal 2 s later', async () => {
    vi.useFakeTimers();
    renderShell(<FeedbackHost />);
    act(() => requestFeedback('adjustment'));
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_DELAY_MS + 10));
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'How was changing your policy?' })).toBeVisible();
  });

  it('ten ratings in five columns, an optional comment; Enter does not send; Send posts the rating', async () => {
    const calls = mockFetch((method, path) =>
      method === 'POST' && path === '/insights/feedback' ? recorded() : undefined,
    );
    requestFeedback('cancellation', { policyNumber: 'FCM1' });
    renderShell(<FeedbackHost />);
    const dialog = await screen.findByRole('dialog', {}, { timeout: FEEDBACK_DELAY_MS + 1000 });
    const ratings = screen.getAllByRole('radio');
    expect(ratings.map((r) => (r as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '8' }));
    // Enter on a rating would submit the form in a browser: the form stops it.
    expect(fireEvent.keyDown(screen.getByRole('radio', { name: '8' }), { key: 'Enter' })).toBe(false);
    await userEvent.type(screen.getByRole('textbox'), 'Quick and clear{Enter}');
    expect(calls.filter((c) => c.path === '/insights/feedback')).toHaveLength(0);
    expect(dialog).toBeVisible();
    await userEvent.click(send);
    await screen.findByTestId('feedback-thanks');
    expect(calls.filter((c) => c.path === '/insights/feedback').map((c) => c.body)).toEqual([
      { type: 'cancellation', rating: 8, comment: 'Quick and clear', tags: { policyNumber: 'FCM1' } },
    ]);
  });

  it('"Not now" closes it and sends nothing', async () => {
    const calls = mockFetch(() => undefined);
    requestFeedback('adjustment');
    renderShell(<FeedbackHost />);
    await screen.findByRole('dialog', {}, { timeout: FEEDBACK_DELAY_MS + 1000 });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
  });
});
