import type { Env } from '../../config/env.ts';
import type { AddressProvider } from './address-provider.ts';
import { embeddedAddressProvider } from './embedded.ts';
import { loqateAddressProvider } from './loqate.ts';

/** Embedded demo addresses by default; ADDRESS_API_KEY switches to Loqate. */
export function createAddressProvider(env: Env): AddressProvider {
  return env.ADDRESS_API_KEY ? loqateAddressProvider(env.ADDRESS_API_KEY) : embeddedAddressProvider();
}
