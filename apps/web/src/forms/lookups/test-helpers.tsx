import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { WebConfig } from '../../lib/config.tsx';
import { testConfig, UiProviders } from '../../ui/test-utils.tsx';

/** Renders a lookup screen with the default brand, English texts and a fresh query client. */
export function renderLookup(ui: ReactElement, config: WebConfig = testConfig) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <UiProviders config={config}>{children}</UiProviders>
      </QueryClientProvider>
    ),
  });
}

export const adminTestConfig = {
  ...testConfig,
  features: { ...testConfig.features, isAdmin: true },
} as WebConfig;

type Handler = (url: URL) => { status?: number; body: unknown } | undefined;

/** Stubs fetch: each call goes to `handler` (404 when it returns nothing); returns the list of URLs called. */
export function mockApi(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(url);
      const answer = handler(url) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function variant(overrides: Partial<VehicleSpecification>): VehicleSpecification {
  return {
    year: 2019,
    make: 'Ford',
    model: 'Fiesta',
    trim: 'Titanium 5dr',
    primaryFuel: 'Petrol',
    secondaryFuel: null,
    electricVehicleType: null,
    bodyStyle: 'Hatchback',
    transmission: 'Manual',
    driveTrain: 'FWD',
    engineCapacity: 999,
    engineLabel: '1.0 EcoBoost',
    enginePower: 99,
    numberOfSeats: 5,
    rangeStartYear: 2017,
    rangeEndYear: 2023,
    startDate: '2017-08-01',
    endDate: '2023-02-28',
    aspirationType: 'Turbocharged',
    imported: false,
    grossWeight: 1575,
    steering: 'RHD',
    vehicleCode: '23010021',
    value: 622500,
    insuranceGroup: 14,
    ...overrides,
  };
}
