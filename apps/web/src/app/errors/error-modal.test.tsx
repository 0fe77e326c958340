import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import { createQueryClient } from '../query-client.ts';
import { renderShell } from '../test-render.tsx';
import { ErrorModal } from './error-modal.tsx';
import { clearGlobalError, globalErrorType, reportGlobalError, showGlobalError } from './global-errors.ts';

function Failing({ id, modal }: { id: string; modal: boolean }) {
  useQuery({
    queryKey: [id],
    retry: false,
    meta: { errorModal: modal },
    queryFn: () => Promise.reject(new ApiError('NETWORK', 'Network Error')),
  });
  return null;
}

function Save() {
  const m = useMutation({
    mutationFn: () => Promise.reject(new ApiError('UNEXPECTED', 'x', { status: 500 })),
  });
  return (
    <button type="button" onClick={() => m.mutate()}>
      Save
    </button>
  );
}

describe('the error modal (spec 1 §8)', () => {
  afterEach(() => act(() => clearGlobalError()));

  it.each([
    ['NETWORK', 'Please check your internet connection and try again.'],
    ['SIGN_IN_FAILED', 'We were unable to sign you in. Please try again.'],
    ['UNAUTHORIZED', 'For your security your session has ended. Please sign in again.'],
    ['UNEXPECTED', "It's not you, it's us. Please try again in a moment."],
  ] as const)('shows the %s texts', (type, content) => {
    renderShell(<ErrorModal />);
    act(() => showGlobalError(type));
    expect(screen.getByRole('dialog')).toHaveTextContent(content);
  });

  it('offers sign-in when the session expired, and closes on OK otherwise', async () => {
    renderShell(<ErrorModal />);
    act(() => showGlobalError('UNAUTHORIZED'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    act(() => showGlobalError('NETWORK'));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("maps errors to types; 'Request aborted' shows nothing", () => {
    expect(globalErrorType(new ApiError('NETWORK', 'Network Error'))).toBe('NETWORK');
    expect(globalErrorType(new ApiError('UNAUTHORIZED', 'x', { status: 401 }))).toBe('UNAUTHORIZED');
    expect(globalErrorType(new ApiError('UNEXPECTED', 'x', { status: 500 }))).toBe('UNEXPECTED');
    expect(globalErrorType(new ApiError('ABORTED', 'Request aborted'))).toBeNull();
    expect(globalErrorType(new Error('Request aborted'))).toBeNull();
    expect(globalErrorType(new TypeError('boom'))).toBe('UNEXPECTED');
    renderShell(<ErrorModal />);
    act(() => reportGlobalError(new ApiError('ABORTED', 'Request aborted')));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from any failed query, unless the query handles its own errors', async () => {
    const client = createQueryClient();
    const first = renderShell(
      <QueryClientProvider client={client}>
        <Failing id="silent" modal={false} />
        <ErrorModal />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(client.getQueryState(['silent'])?.status).toBe('error'));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    renderShell(
      <QueryClientProvider client={client}>
        <Failing id="loud" modal />
        <ErrorModal />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Please check your internet connection and try again.')).toBeVisible();
  });

  it('opens from a failed mutation', async () => {
    renderShell(
      <QueryClientProvider client={createQueryClient()}>
        <Save />
        <ErrorModal />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong')).toBeVisible();
  });
});
