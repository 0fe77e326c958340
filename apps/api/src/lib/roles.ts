import type { Caller } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The permission staff need to act for a customer (spec 1: admin mode needs access:impersonate). */
export const ACT_FOR_CUSTOMER = 'access:impersonate';

/** The finance team's permission (spec 3 §1; the admin app's finance tab checks the same name). */
export const FINANCE = 'finance';

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

/**
 * Money staff move or see for a customer (a settlement by phone, the refunded double payments): the finance
 * permission as well as acting for the customer (issue 27 point 10). Returns the customer's party.
 */
export function requireFinanceActingFor(caller: Caller, notStaffMessage?: string): string {
  const partyId = requireStaffActingFor(caller, notStaffMessage);
  if (caller.kind !== 'admin' || !caller.permissions.includes(FINANCE)) {
    throw forbidden('Only the finance team can do this.');
  }
  return partyId;
}

/** Self-service steps a customer (or visitor) takes themselves; staff use the phone equivalents. */
export function requireSelfService(caller: Caller, staffMessage: string): string {
  if (caller.kind === 'admin') throw forbidden(staffMessage);
  if (caller.kind === 'none' || !caller.partyId) throw unauthorized();
  return caller.partyId;
}
