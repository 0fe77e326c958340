/** The lookup screens (spec 1 §2.4, §2.5, §5.3) for the disclosure sections and policy changes. */
export { AddressSearch, type AddressSearchProps, type AddressValue } from './address/address-search.tsx';
export { pickAddress } from './address/address-value.ts';
export { DataEntryLookup, type DataEntryLookupProps } from './data-entry/data-entry-lookup.tsx';
export { VehicleCard, type VehicleCardProps, type VehicleValue } from './vehicle/vehicle-card.tsx';
export { VehicleLookup, type VehicleLookupProps } from './vehicle/vehicle-lookup.tsx';
