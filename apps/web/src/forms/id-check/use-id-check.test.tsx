import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { useIdCheck } from './use-id-check.tsx';

afterEach(() => vi.unstubAllGlobals());

function Continue() {
  const { runIdCheck, idCheckModal } = useIdCheck();
  const [result, setResult] = useState<string>('');
  return (
    <>
      <button type="button" onClick={async () => setResult(String(await runIdCheck('P123')))}>
        Continue
      </button>
      <output>{result}</output>
      {idCheckModal}
    </>
  );
}

const run = async (isClear: boolean) => {
  const calls = mockFetch((m, p) =>
    m === 'PUT' && p === '/proposals/P123/id-check' ? { body: { isClear } } : undefined,
  );
  renderRoute('/q', <Continue />, '/q');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
  return calls;
};

describe('useIdCheck', () => {
  it('resolves true without a modal when the check is clear', async () => {
    const calls = await run(true);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("resolves false and opens the 'ID check failed' modal with the contact e-mail when not clear", async () => {
    await run(false);
    expect(await screen.findByRole('dialog', { name: 'We cannot cover you online' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /help@forecourt\.example/ })).toBeInTheDocument();
  });
});
