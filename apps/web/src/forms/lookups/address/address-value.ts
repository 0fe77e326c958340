import type { Address } from '@forecourt/contracts/lookups';

/** An address as the address screens hold it (the search's pick or the manual form's lines). */
export type AddressValue = Partial<Omit<Address, 'type'>>;
