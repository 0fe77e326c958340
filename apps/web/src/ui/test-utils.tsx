import { REGISTRATION_FORMAT_SOURCES } from '@forecourt/domain/patterns';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import forecourt from '../../../../config/brands/forecourt/brand.json' with { type: 'json' };
import { ConfigProvider, type WebConfig } from '../lib/config.tsx';
import { createI18n } from '../lib/i18n/i18n.ts';
import { SnackbarProvider } from './snackbar/snackbar.tsx';

/** The default brand as the browser would get it, for component tests. */
export const testConfig = {
  ...forecourt,
  formats: {
    ...forecourt.formats,
    vehicleRegistration: { ...forecourt.formats.vehicleRegistration, formats: REGISTRATION_FORMAT_SOURCES },
  },
  id: 'forecourt',
  texts: {},
  inputs: {},
  productConfig: {},
  environment: 'test',
  auth: { issuer: 'http://localhost/auth', clientId: 'web', audience: 'api' },
  basename: '/',
} as unknown as WebConfig;

export function UiProviders({ children, config = testConfig }: { children: ReactNode; config?: WebConfig }) {
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={createI18n(config.texts)}>
        <MemoryRouter>
          <SnackbarProvider>{children}</SnackbarProvider>
        </MemoryRouter>
      </I18nextProvider>
    </ConfigProvider>
  );
}

/** Renders inside config, i18n (English defaults), a memory router and the snackbar provider. */
export function renderUi(
  ui: ReactElement,
  options: Omit<RenderOptions, 'wrapper'> & { config?: WebConfig } = {},
) {
  const { config, ...rest } = options;
  return render(ui, {
    wrapper: ({ children }) => <UiProviders config={config}>{children}</UiProviders>,
    ...rest,
  });
}

/** The input tests' harness, for tests of inputs built on the kit outside it. */
export { emitted, Hold } from './inputs/test-harness.tsx';
