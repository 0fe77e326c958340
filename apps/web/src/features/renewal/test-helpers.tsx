import { renderRoutes, sampleCustomer } from '../../app/test-render.tsx';
import type { WebConfig } from '../../lib/config.tsx';
import { RenewalPage } from './renewal-page.tsx';

/** The renewal page at `url` for its signed-in owner, with home beside it; returns the router. */
export function renderRenewal(url: string, config: WebConfig) {
  return renderRoutes(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/car-insurance/renewal/:proposalCode/*', element: <RenewalPage /> },
    ],
    url,
    config,
    sampleCustomer,
  );
}
