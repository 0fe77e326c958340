import type { AddressProvider } from './addresses/address-provider.ts';
import type { CardPaymentsProvider } from './card-payments/card-payments-provider.ts';
import type { DirectDebitProvider } from './direct-debit/direct-debit-provider.ts';
import type { IdentityCheckProvider } from './identity-check/identity-check-provider.ts';
import type { MailProvider } from './mail/mail-provider.ts';
import type { ReferenceDataProvider } from './reference-data/reference-data-provider.ts';
import type { StorageProvider } from './storage/storage-provider.ts';
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
