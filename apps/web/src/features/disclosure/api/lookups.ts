import type {
  Address,
  AddressFindResponse,
  DataEntry,
  DataSearchResponse,
  VehicleLookupResponse,
} from '@forecourt/contracts/lookups';
import { api } from '../../../lib/api/client.ts';

/** The lookup calls the disclosure widgets make (spec 3 §7 "Lookups"). */
export const findVehicleByVrn = (vrn: string) =>
  api<VehicleLookupResponse>('/lookup/vehicles/vehicles/vrn', { query: { vrn } });

export const searchDataTable = (table: string, searchTerm: string) =>
  api<DataSearchResponse>(`/lookup/data/${encodeURIComponent(table)}`, { query: { searchTerm } });

export const getDataEntry = (table: string, entry: string) =>
  api<DataEntry>(`/lookup/data/${encodeURIComponent(table)}/${encodeURIComponent(entry)}`);

export const findAddresses = (text: string, container?: string) =>
  api<AddressFindResponse>('/lookup/addresses', { query: { service: 'GBR', text, container } });

export const getAddress = (id: string) =>
  api<Address>(`/lookup/address/${encodeURIComponent(id)}`, { query: { service: 'GBR' } });
