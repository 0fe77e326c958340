import type { Caller } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** Every staff permission: what `admin:create` may grant, and what marks a token as staff. */
export const ADMIN_PERMISSIONS = [
  'access:impersonate',
  'action:mta-claims',
  'action:claims',
  'access:insights',
  'finance',
  'action:underwriting',
  'action:renewals',
  'partner:admin',
] as const;
export type Permission = (typeof ADMIN_PERMISSIONS)[number];

/** The permission staff need to act for a customer (spec 1: admin mode needs access:impersonate). */
export const ACT_FOR_CUSTOMER = 'access:impersonate' satisfies Permission;

/** The finance team's permission (spec 3 §1; the admin app's finance tab checks the same name). */
export const FINANCE = 'finance' satisfies Permission;

/** Staff who configure a brand's partner integration: webhook endpoints and quote API keys (issue 31). */
export const PARTNER_ADMIN = 'partner:admin' satisfies Permission;

/** What staff without the finance permission are told. */
export const FINANCE_ONLY = 'Only the finance team can do this.';

type Staff = Extract<Caller, { kind: 'admin' }>;

/**
 * The one staff permission check (issue 30 point 5): no token 401; a customer or visitor 403 (with
 * `messages.notStaff` when given); staff without the permission 403 (with `messages.missing`). Answers the
 * staff caller.
 */
export function requirePermission(
  caller: Caller,
  permission: Permission,
  messages: { notStaff?: string; missing?: string } = {},
): Staff {
  if (caller.kind === 'none') throw unauthorized();
  if (caller.kind !== 'admin') throw forbidden(messages.notStaff);
  if (!holds(caller, permission)) throw forbidden(messages.missing);
  return caller;
}

/** Whether staff hold a permission (for a check that depends on what they ask, after requirePermission). */
export const holds = (staff: { permissions: readonly string[] }, permission: Permission) =>
  staff.permissions.includes(permission);

/**
 * Staff act on customer data only while impersonating that customer (X-Impersonate, which needs
 * access:impersonate and writes one audit row per request): a staff caller without a customer, or without
 * the permission, is refused (403). Returns the customer's party.
 */
export function requireStaffActingFor(caller: Caller, notStaffMessage = 'Only staff can do this.'): string {
  const staff = requirePermission(caller, ACT_FOR_CUSTOMER, { notStaff: notStaffMessage });
  if (!staff.partyId) {
    throw forbidden('Choose the customer you are acting for (X-Impersonate) before acting on their data.');
  }
  return staff.partyId;
}

/**
 * Money staff move or see for a customer (a settlement by phone, the refunded double payments): the finance
 * permission as well as acting for the customer (issue 27 point 10). Returns the customer's party.
 */
export function requireFinanceActingFor(caller: Caller, notStaffMessage?: string): string {
  const partyId = requireStaffActingFor(caller, notStaffMessage);
  requirePermission(caller, FINANCE, { missing: FINANCE_ONLY });
  return partyId;
}

/** Self-service steps a customer (or visitor) takes themselves; staff use the phone equivalents. */
export function requireSelfService(caller: Caller, staffMessage: string): string {
  if (caller.kind === 'admin') throw forbidden(staffMessage);
  if (caller.kind === 'none' || !caller.partyId) throw unauthorized();
  return caller.partyId;
}
