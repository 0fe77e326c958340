import type { Caller } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The permission staff need to act for a customer (spec 1: admin mode needs access:impersonate). */
export const ACT_FOR_CUSTOMER = 'access:impersonate';

/**
 * Staff act on customer data only while impersonating that customer (X-Impersonate, which needs
 * access:impersonate and writes one audit row per request): a staff caller without a customer, or without
 * the permission, is refused (403). Returns the customer's party.
 */
export function requireStaffActingFor(caller: Caller, notStaffMessage = 'Only staff can do this.'): string {
  if (caller.kind === 'none') throw unauthorized();
  if (caller.kind !== 'admin') throw forbidden(notStaffMessage);
  if (!caller.permissions.includes(ACT_FOR_CUSTOMER)) throw forbidden();
  if (!caller.partyId) {
    throw forbidden('Choose the customer you are acting for (X-Impersonate) before acting on their data.');
  }
  return caller.partyId;
}

/** Self-service steps a customer (or visitor) takes themselves; staff use the phone equivalents. */
export function requireSelfService(caller: Caller, staffMessage: string): string {
  if (caller.kind === 'admin') throw forbidden(staffMessage);
  if (caller.kind === 'none' || !caller.partyId) throw unauthorized();
  return caller.partyId;
}
