import type { User, UserManager } from 'oidc-client-ts';
import type { WebConfig } from '../config.tsx';
import type { AnonymousSession } from '../session/anonymous-session.ts';
import { isSignOutError, isSilentTolerated } from './auth-errors.ts';
import { type SessionUser, toSessionUser } from './session-user.ts';

type Listener = (user: SessionUser | null) => void;
const RETURN_KEY = 'forecourt.returnTo';
/** Set once someone has signed in in this browser; cleared when they sign out at the identity provider. */
const SIGNED_IN_HERE = 'forecourt.signedInHere';

/** Whether someone signed in in this browser and did not sign out, or oidc-client-ts keeps a user here. */
export function signedInHere(storage: Storage): boolean {
  if (storage.getItem(SIGNED_IN_HERE) !== null) return true;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith('oidc.user:')) return true;
  return false;
}

/**
 * The auth client of spec 1 §7: signIn(returnTo), handleSignInCallback, signInSilently, signOut,
 * getTokenSilently, over an oidc-client-ts UserManager (code + PKCE, refresh tokens, localStorage cache).
 * oidc-client-ts is loaded on demand, when someone may be signed in or signs in, so it stays out of the home
 * route's bundle (ADR 005) and a first visit never loads it (ADR 273); silent sign-in lands on the static
 * /silent-callback.html rather than the whole app.
 */
export class AuthClient {
  private manager: Promise<UserManager> | undefined;
  private readonly makeManager: () => Promise<UserManager>;
  private user: User | null = null;
  private readonly embedded: boolean;
  private readonly listeners = new Set<Listener>();
  private readonly base: string;
  /** While leaving for the identity provider's sign-out, the page keeps showing the signed-in state. */
  private leaving = false;

  constructor(
    config: WebConfig,
    private readonly anonymous: AnonymousSession,
  ) {
    this.base = `${window.location.origin}${config.basename.replace(/\/$/, '')}`;
    const embedded = config.auth.issuer === `${window.location.origin}/auth`;
    this.embedded = embedded;
    this.makeManager = () =>
      import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) => {
        const manager = new UserManager({
          authority: config.auth.issuer,
          client_id: config.auth.clientId,
          redirect_uri: `${this.base}/callback`,
          silent_redirect_uri: `${window.location.origin}/silent-callback.html`,
          post_logout_redirect_uri: `${this.base}/`,
          response_type: 'code',
          scope: 'openid profile email phone offline_access',
          userStore: new WebStorageStateStore({ store: window.localStorage }),
          automaticSilentRenew: true,
          silentRequestTimeoutInSeconds: 8,
          loadUserInfo: false,
          ...(embedded ? {} : { extraQueryParams: { audience: config.auth.audience } }),
        });
        manager.events.addUserLoaded((u) => this.set(u));
        manager.events.addUserUnloaded(() => this.set(null));
        manager.events.addSilentRenewError((e) => {
          if (isSignOutError(e)) void this.signOutLocally();
        });
        return manager;
      });
  }

  /**
   * Whether anyone may be signed in here. With the embedded identity provider, reached only through this app's
   * redirect, a browser where nobody signed in has no session there either, and then oidc-client-ts is not
   * even loaded: no silent sign-in frame, no discovery request, no script work on a visitor's first page
   * (issue 15, ADR 273). An external provider may hold a session from elsewhere (single sign-on): always yes.
   */
  mayBeSignedIn(): boolean {
    return !this.embedded || signedInHere(window.localStorage);
  }

  /** The UserManager, loading oidc-client-ts on first use. */
  private get ready(): Promise<UserManager> {
    this.manager ??= this.makeManager();
    return this.manager;
  }

  current(): SessionUser | null {
    return this.user && !this.user.expired ? toSessionUser(this.user) : null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(user: User | null) {
    this.user = user;
    if (user) window.localStorage.setItem(SIGNED_IN_HERE, '1');
    if (this.leaving) return;
    const session = this.current();
    for (const l of this.listeners) l(session);
  }

  /** Loads a cached user; a stale one is renewed by its refresh token. */
  async load(): Promise<SessionUser | null> {
    if (!this.mayBeSignedIn()) return null;
    const cached = await (await this.ready).getUser();
    if (cached && !cached.expired) this.set(cached);
    else if (cached) await this.getTokenSilently();
    return this.current();
  }

  /**
   * Redirects to the identity provider; after sign-in the callback returns to `returnTo`. `loginHint`
   * (the one-use ticket of account set-up) lets the embedded issuer sign in without a second code.
   */
  async signIn(returnTo = '/', options: { loginHint?: string } = {}): Promise<void> {
    window.sessionStorage.setItem(RETURN_KEY, returnTo);
    await (await this.ready).signinRedirect({
      state: { returnTo },
      ...(options.loginHint ? { login_hint: options.loginHint } : {}),
    });
  }

  /** Completes a redirect (or, in a frame, a silent) sign-in; returns the saved path. */
  async handleSignInCallback(url = window.location.href): Promise<string> {
    const user = await (await this.ready).signinCallback(url);
    if (user) this.set(user);
    const state = (user?.state ?? {}) as { returnTo?: string };
    const returnTo = state.returnTo ?? window.sessionStorage.getItem(RETURN_KEY) ?? '/';
    window.sessionStorage.removeItem(RETURN_KEY);
    return returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  }

  /** Tries to sign in without showing anything; login-required errors mean "not signed in". */
  async signInSilently(): Promise<SessionUser | null> {
    try {
      const user = await (await this.ready).signinSilent();
      if (user) this.set(user);
      return this.current();
    } catch (e) {
      if (isSilentTolerated(e)) return null;
      throw e;
    }
  }

  /** A valid access token, refreshing it when expired; undefined when not signed in. */
  async getTokenSilently(): Promise<string | undefined> {
    if (!this.user && !this.mayBeSignedIn()) return undefined;
    const user = this.user ?? (await (await this.ready).getUser());
    if (!user) return undefined;
    if (!user.expired) return user.access_token;
    try {
      const renewed = await (await this.ready).signinSilent();
      if (renewed) this.set(renewed);
      return renewed?.access_token;
    } catch (e) {
      if (isSignOutError(e) || isSilentTolerated(e)) await this.signOutLocally();
      return undefined;
    }
  }

  /** Forgets the user in this browser (after an UNAUTHORIZED answer or a dead refresh token). */
  async signOutLocally(): Promise<void> {
    await (await this.ready).removeUser();
    this.set(null);
  }

  /** Sign-out refreshes the anonymous token first, then ends the session at the identity provider. */
  async signOut(): Promise<void> {
    await this.anonymous.refreshToken().catch(() => undefined);
    this.leaving = true;
    const manager = await this.ready;
    const user = this.user ?? (await manager.getUser());
    await manager.revokeTokens(['refresh_token']).catch(() => undefined);
    window.localStorage.removeItem(SIGNED_IN_HERE);
    await manager.signoutRedirect({
      id_token_hint: user?.id_token,
      post_logout_redirect_uri: `${this.base}/`,
    });
  }
}
