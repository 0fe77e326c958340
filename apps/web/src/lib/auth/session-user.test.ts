import type { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { isSignOutError, isSilentTolerated } from './auth-errors.ts';
import { initials, isPasswordlessConnection, toSessionUser } from './session-user.ts';

const user = (profile: Record<string, unknown>) =>
  ({ profile: { sub: 'u1', ...profile } }) as unknown as User;

describe('the signed-in user (spec 1 §3.1)', () => {
  it('takes the username from the e-mail, else the phone number, else Unknown', () => {
    expect(toSessionUser(user({ email: 'a@b.co', phone_number: '+447700900123' })).username).toBe('a@b.co');
    expect(toSessionUser(user({ phone_number: '+447700900123' })).username).toBe('+447700900123');
    expect(toSessionUser(user({})).username).toBe('Unknown');
  });

  it('carries roles, permissions, names and the connection from the claims', () => {
    const u = toSessionUser(
      user({
        given_name: 'Alex',
        family_name: 'Morgan',
        roles: ['staff'],
        permissions: ['finance'],
        connection: 'google',
      }),
    );
    expect(u).toMatchObject({
      userId: 'u1',
      firstName: 'Alex',
      lastName: 'Morgan',
      roles: ['staff'],
      permissions: ['finance'],
      connection: 'google',
    });
  });

  it('shows initials from first and last name, else the first letter of the e-mail', () => {
    expect(initials({ firstName: 'alex', lastName: 'morgan', username: 'x' })).toBe('AM');
    expect(initials({ firstName: undefined, lastName: undefined, username: 'jo@example.com' })).toBe('J');
    expect(initials({ firstName: undefined, lastName: undefined, username: '+447700900123' })).toBe('?');
  });

  it('hides e-mail and SMS connection names only', () => {
    expect(isPasswordlessConnection('email')).toBe(true);
    expect(isPasswordlessConnection('sms')).toBe(true);
    expect(isPasswordlessConnection('google-oauth2')).toBe(false);
  });
});

describe('authentication errors (spec 1 §8)', () => {
  it('signs out on login_required, unauthorized, missing_refresh_token and invalid_grant', () => {
    for (const error of ['login_required', 'unauthorized', 'missing_refresh_token', 'invalid_grant'])
      expect(isSignOutError({ error })).toBe(true);
    expect(isSignOutError({ error: 'server_error' })).toBe(false);
    expect(isSignOutError(new Error('A refresh_token is required'))).toBe(true);
  });

  it('a silent sign-in tolerates login-required type errors only', () => {
    expect(isSilentTolerated({ error: 'login_required' })).toBe(true);
    expect(isSilentTolerated({ error: 'interaction_required' })).toBe(true);
    expect(isSilentTolerated(new Error('Frame window timed out'))).toBe(true);
    expect(isSilentTolerated({ error: 'server_error' })).toBe(false);
  });
});
