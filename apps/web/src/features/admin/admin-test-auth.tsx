import { vi } from 'vitest';
import type { AuthClient } from '../../lib/auth/auth-client.ts';
import type { SessionUser } from '../../lib/auth/session-user.ts';

/** Test helpers of admin mode: a signed-in staff user with the given permissions, and an auth client for it. */
export const staffUser = (permissions: string[]): SessionUser => ({
  userId: 's1',
  connection: 'email',
  picture: undefined,
  roles: ['staff'],
  permissions,
  username: 'admin@forecourt.example',
  firstName: 'Sam',
  lastName: 'Support',
});

export function fakeAuthClient(user: SessionUser | null) {
  return {
    current: () => user,
    subscribe: () => () => undefined,
    load: async () => user,
    signInSilently: async () => null,
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
  } as unknown as AuthClient;
}
