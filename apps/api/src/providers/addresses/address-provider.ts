import type { Address, AddressFindItem } from '@forecourt/contracts/lookups';

export interface AddressFindInput {
  text: string;
  /** A Postcode item's id: list the addresses inside it. */
  container?: string | undefined;
  /** ISO-3 country; only GBR is served. */
  country: string;
  limit: number;
}

/** Address search in the Loqate-like find (with containers) and retrieve shape (spec 1 §3.3). */
export interface AddressProvider {
  readonly name: string;
  find(input: AddressFindInput): Promise<AddressFindItem[]>;
  /** The full address, or null when the id is unknown. */
  retrieve(id: string): Promise<Address | null>;
}
