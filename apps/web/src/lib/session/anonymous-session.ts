import type { SessionResponse } from '@forecourt/contracts';
import { call } from '../api/endpoint.ts';
import { endpoints } from '../api/endpoints.ts';

export const ANONYMOUS_TOKEN_KEY = 'forecourt.anonymousToken';
/** Refresh this long before expiry. */
const REFRESH_MARGIN_MS = 60_000;

interface Stored {
  accessToken: string;
  expiresAt: number;
}

function read(storage: Storage): Stored | undefined {
  try {
    const raw = storage.getItem(ANONYMOUS_TOKEN_KEY);
    return raw ? (JSON.parse(raw) as Stored) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The anonymous session of spec 1 §4: obtained from POST /api/session, kept in session storage and
 * refreshed (same party) before it expires.
 */
export class AnonymousSession {
  private inflight: Promise<string> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly storage: Storage = window.sessionStorage) {}

  /** A valid token, fetching or refreshing one when needed. */
  async getToken(): Promise<string> {
    const stored = read(this.storage);
    if (stored && stored.expiresAt - Date.now() > REFRESH_MARGIN_MS) return stored.accessToken;
    return this.refreshToken();
  }

  /** Always asks the server (sign-out and create-quote refresh first). */
  refreshToken(): Promise<string> {
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /** Swap in a token the server issued elsewhere (retrieve by reference). */
  setToken(response: SessionResponse) {
    this.store(response);
  }

  current(): string | undefined {
    return read(this.storage)?.accessToken;
  }

  private async fetchToken(): Promise<string> {
    const previous = read(this.storage)?.accessToken;
    const ask = (token: string | undefined) =>
      call(endpoints.createSession, {
        anonymous: true,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // A token whose party became an account (ADR 120) is refused: start a new anonymous session.
    const response = await ask(previous).catch((e: unknown) => {
      if (previous && (e as { status?: number }).status === 401) return ask(undefined);
      throw e;
    });
    this.store(response);
    return response.accessToken;
  }

  private store(response: SessionResponse) {
    const expiresAt = Date.now() + response.expiresIn * 1000;
    this.storage.setItem(
      ANONYMOUS_TOKEN_KEY,
      JSON.stringify({ accessToken: response.accessToken, expiresAt }),
    );
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => void this.refreshToken().catch(() => undefined),
      Math.max(1_000, expiresAt - Date.now() - REFRESH_MARGIN_MS),
    );
  }

  stop() {
    clearTimeout(this.timer);
  }
}
