import type { SessionResponse } from '@forecourt/contracts';
import { call } from '../api/endpoint.ts';
import { homeEndpoints } from '../api/home-endpoints.ts';

export const ANONYMOUS_TOKEN_KEY = 'forecourt.anonymousToken';
/** Refresh this long before expiry. */
const REFRESH_MARGIN_MS = 60_000;
/** A token the server issued this recently counts as just refreshed (create-quote, ADR 274). */
export const FRESH_MS = 10_000;

interface Stored {
  accessToken: string;
  expiresAt: number;
  /** When this page received it (absent in tokens stored before ADR 274). */
  issuedAt?: number;
}

/**
 * The server call in flight for a storage, shared by every AnonymousSession over it: the app's session and
 * create-quote's would otherwise each ask for a token at the same moment on a first visit (ADR 274).
 */
const inflightBy = new WeakMap<Storage, Promise<string>>();
/**
 * Storages whose token the server issued to a new anonymous party (no earlier token, or one refused) in this
 * page and that nobody has asked about yet: such a party can have no proposals (ADR 274).
 */
const newPartyIn = new WeakSet<Storage>();

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
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly storage: Storage = window.sessionStorage) {}

  /** A valid token, fetching or refreshing one when needed. */
  async getToken(): Promise<string> {
    const stored = read(this.storage);
    if (stored && stored.expiresAt - Date.now() > REFRESH_MARGIN_MS) return stored.accessToken;
    return this.refreshToken();
  }

  /** Always asks the server (sign-out refreshes first), joining a call already in flight. */
  refreshToken(): Promise<string> {
    let inflight = inflightBy.get(this.storage);
    if (!inflight) {
      inflight = this.fetchToken().finally(() => inflightBy.delete(this.storage));
      inflightBy.set(this.storage, inflight);
    }
    return inflight;
  }

  /**
   * A just-refreshed token (create-quote waits for the refresh, spec 3 §2): the call in flight if there is one,
   * else the stored token if the server issued it within FRESH_MS, else a refresh.
   */
  freshToken(): Promise<string> {
    const inflight = inflightBy.get(this.storage);
    if (inflight) return inflight;
    const stored = read(this.storage);
    const age = stored?.issuedAt === undefined ? Number.POSITIVE_INFINITY : Date.now() - stored.issuedAt;
    if (stored && age >= 0 && age < FRESH_MS) return Promise.resolve(stored.accessToken);
    return this.refreshToken();
  }

  /**
   * Whether the current token was issued to a new anonymous party, answered once: true at most for the first
   * question after the server issued it, so a later visit to create-quote looks for the proposal made meanwhile.
   */
  takeNewParty(): boolean {
    return newPartyIn.delete(this.storage);
  }

  /** Swap in a token the server issued elsewhere (retrieve by reference). */
  setToken(response: SessionResponse) {
    this.store(response);
    newPartyIn.delete(this.storage);
  }

  current(): string | undefined {
    return read(this.storage)?.accessToken;
  }

  private async fetchToken(): Promise<string> {
    const previous = read(this.storage)?.accessToken;
    const ask = (token: string | undefined) =>
      call(homeEndpoints.createSession, {
        anonymous: true,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // A token whose party became an account (ADR 120) is refused: start a new anonymous session.
    let newParty = !previous;
    const response = await ask(previous).catch((e: unknown) => {
      if (previous && (e as { status?: number }).status === 401) {
        newParty = true;
        return ask(undefined);
      }
      throw e;
    });
    this.store(response);
    if (newParty) newPartyIn.add(this.storage);
    else newPartyIn.delete(this.storage);
    return response.accessToken;
  }

  private store(response: SessionResponse) {
    const issuedAt = Date.now();
    const expiresAt = issuedAt + response.expiresIn * 1000;
    this.storage.setItem(
      ANONYMOUS_TOKEN_KEY,
      JSON.stringify({ accessToken: response.accessToken, expiresAt, issuedAt } satisfies Stored),
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
