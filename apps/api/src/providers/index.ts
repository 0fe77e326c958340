import type { Brand } from '@forecourt/contracts';
import type { Env } from '../config/env.ts';
import { createAddressProvider } from './addresses/create-address-provider.ts';
import { createCardPaymentsProvider } from './card-payments/create-card-payments-provider.ts';
import { createDirectDebitProvider } from './direct-debit/create-direct-debit-provider.ts';
import { createIdentityCheckProvider } from './identity-check/create-identity-check-provider.ts';
import { sandboxMailProvider } from './mail/sandbox.ts';
import { smtpMailProvider } from './mail/smtp.ts';
import type { Providers } from './providers.ts';
import { embeddedReferenceDataProvider } from './reference-data/embedded.ts';
import { createStorageProvider } from './storage/create-storage-provider.ts';
import { createVehicleProvider } from './vehicles/create-vehicle-provider.ts';

export type { Providers } from './providers.ts';

export function createProviders(env: Env, brand: Brand): Providers {
  const from = `${brand.name} <${brand.contact.email}>`;
  return {
    mail: env.SMTP_URL ? smtpMailProvider(env.SMTP_URL, from) : sandboxMailProvider(from),
    vehicles: createVehicleProvider(env),
    addresses: createAddressProvider(env),
    referenceData: embeddedReferenceDataProvider(),
    cardPayments: createCardPaymentsProvider(env),
    directDebit: createDirectDebitProvider(env),
    identityCheck: createIdentityCheckProvider(env),
    storage: createStorageProvider(env),
  };
}
