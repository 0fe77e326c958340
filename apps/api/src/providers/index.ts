import type { Brand } from '@forecourt/contracts';
import type { Env } from '../config/env.ts';
import type { AddressProvider } from './addresses/address-provider.ts';
import { createAddressProvider } from './addresses/create-address-provider.ts';
import type { CardPaymentsProvider } from './card-payments/card-payments-provider.ts';
import { createCardPaymentsProvider } from './card-payments/create-card-payments-provider.ts';
import { createDirectDebitProvider } from './direct-debit/create-direct-debit-provider.ts';
import type { DirectDebitProvider } from './direct-debit/direct-debit-provider.ts';
import { createIdentityCheckProvider } from './identity-check/create-identity-check-provider.ts';
import type { IdentityCheckProvider } from './identity-check/identity-check-provider.ts';
import type { MailProvider } from './mail/mail-provider.ts';
import { sandboxMailProvider } from './mail/sandbox.ts';
import { smtpMailProvider } from './mail/smtp.ts';
import { embeddedReferenceDataProvider } from './reference-data/embedded.ts';
import type { ReferenceDataProvider } from './reference-data/reference-data-provider.ts';
import { createStorageProvider } from './storage/create-storage-provider.ts';
import type { StorageProvider } from './storage/storage-provider.ts';
import { createVehicleProvider } from './vehicles/create-vehicle-provider.ts';
import type { VehicleProvider } from './vehicles/vehicle-provider.ts';

/** Every outside service, each behind its own interface; sandbox unless configured otherwise (DESIGN.md §6). */
export interface Providers {
  mail: MailProvider;
  vehicles: VehicleProvider;
  addresses: AddressProvider;
  referenceData: ReferenceDataProvider;
  cardPayments: CardPaymentsProvider;
  directDebit: DirectDebitProvider;
  identityCheck: IdentityCheckProvider;
  storage: StorageProvider;
}

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
