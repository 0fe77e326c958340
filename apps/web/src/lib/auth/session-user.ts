import type { User } from 'oidc-client-ts';

/** The signed-in user of spec 1 §3.1. */
export interface SessionUser {
  userId: string;
  connection: string;
  picture: string | undefined;
  roles: string[];
  permissions: string[];
  /** The e-mail, otherwise the phone number, otherwise 'Unknown'. */
  username: string;
  firstName: string | undefined;
  lastName: string | undefined;
}

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

export function toSessionUser(user: User): SessionUser {
  const p = user.profile as Record<string, unknown>;
  return {
    userId: String(p.sub),
    connection: str(p.connection) ?? (str(p.email) ? 'email' : 'sms'),
    picture: str(p.picture),
    roles: list(p.roles),
    permissions: list(p.permissions),
    username: str(p.email) ?? str(p.phone_number) ?? 'Unknown',
    firstName: str(p.given_name),
    lastName: str(p.family_name),
  };
}

/** The account badge: initials of first and last name, else the first letter of the username. */
export function initials(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  const fromName = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase();
  if (fromName) return fromName;
  const first = user.username.replace(/^\+/, '')[0];
  return first && /[a-z]/i.test(first) ? first.toUpperCase() : '?';
}

/** Sign-in by e-mail or SMS shows no connection name in the user menu. */
export const isPasswordlessConnection = (connection: string) => ['email', 'sms'].includes(connection);
