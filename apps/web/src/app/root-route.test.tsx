import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rootRoute } from './app.tsx';

function RetrievePage() {
  return <p>Retrieve page</p>;
}

describe('the root route', () => {
  it('a deep link to a lazy route renders without the "No HydrateFallback" warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          ...rootRoute,
          errorElement: undefined,
          element: <Outlet />,
          children: [{ path: 'retrieve', lazy: async () => ({ Component: RetrievePage }) }],
        },
      ],
      { initialEntries: ['/retrieve'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Retrieve page')).toBeVisible();
    const warnings = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  });
});
