import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A cookie jar for app.inject: keeps the identity provider's cookies between steps. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const b64url = (b: Buffer) => b.toString('base64url');
const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The latest code of `kind` (sign-in-code, account-code, change-code) sent to an address, read from the
 * outbox as a person would at /dev/outbox.
 */
export async function latestCode(
  app: FastifyInstance,
  address: string,
  kind = 'sign-in-code',
): Promise<string> {
  const res = await app.services.database.query(
    "SELECT body FROM outbox WHERE recipient = $1 AND payload->>'kind' = $2 ORDER BY created_at DESC LIMIT 1",
    [address, kind],
  );
  const body = String(res.rows[0]?.body ?? '');
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`No code sent to ${address}`);
  return code;
}

export interface StartedSignIn {
  jar: CookieJar;
  uid: string;
  verifier: string;
  redirectUri: string;
  clientId: string;
}

/** Starts the authorization code + PKCE flow and lands on the sign-in page. */
export async function startSignIn(
  app: FastifyInstance,
  clientId = 'forecourt-web',
  extra: Record<string, string> = {},
): Promise<StartedSignIn> {
  const jar = new CookieJar();
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `http://localhost${clientId === 'forecourt-admin' ? '/admin' : ''}/callback`;
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile phone',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    ...extra,
  });
  const auth = await app.inject({ method: 'GET', url: `/auth/auth?${query}` });
  if (auth.statusCode !== 303) throw new Error(`authorize: ${auth.statusCode} ${auth.body}`);
  jar.store(auth.headers['set-cookie']);
  const location = String(auth.headers.location);
  const uid = /\/auth\/interaction\/([^/?]+)/.exec(location)?.[1];
  if (!uid) throw new Error(`unexpected redirect ${location}`);
  return { jar, uid, verifier, redirectUri, clientId };
}

export function sendCodeRequest(app: FastifyInstance, s: StartedSignIn, address: string) {
  return app.inject({
    method: 'POST',
    url: `/auth/interaction/${s.uid}/send`,
    headers: { ...FORM, cookie: s.jar.header() },
    payload: form({ address }),
  });
}

export function verifyCodeRequest(app: FastifyInstance, s: StartedSignIn, address: string, code: string) {
  return app.inject({
    method: 'POST',
    url: `/auth/interaction/${s.uid}/verify`,
    headers: { ...FORM, cookie: s.jar.header() },
    payload: form({ address, code }),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
}

/** After a right code: follow the redirects back to the client and exchange the code for tokens. */
export async function finishSignIn(
  app: FastifyInstance,
  s: StartedSignIn,
  verifyLocation: string,
): Promise<Tokens> {
  let location = verifyLocation;
  for (let i = 0; i < 5 && !location.includes('code='); i++) {
    const res = await app.inject({
      method: 'GET',
      url: location.replace(/^https?:\/\/[^/]+/, ''),
      headers: { cookie: s.jar.header() },
    });
    jar(s, res.headers['set-cookie']);
    if (!res.headers.location) throw new Error(`resume: ${res.statusCode} ${res.body}`);
    location = String(res.headers.location);
  }
  const code = new URL(location, 'http://localhost').searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: FORM,
    payload: form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: s.redirectUri,
      client_id: s.clientId,
      code_verifier: s.verifier,
    }),
  });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return token.json() as Tokens;
}

const jar = (s: StartedSignIn, setCookie: string | string[] | undefined) => s.jar.store(setCookie);

/** The whole passwordless sign-in: e-mail (or mobile), code from the outbox, tokens. */
export async function signIn(
  app: FastifyInstance,
  address: string,
  clientId = 'forecourt-web',
): Promise<Tokens> {
  const s = await startSignIn(app, clientId);
  const sent = await sendCodeRequest(app, s, address);
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode}`);
  const normalised = address.includes('@')
    ? address.toLowerCase()
    : `+44${address.replace(/\D/g, '').replace(/^(44|0)/, '')}`;
  const code = await latestCode(app, normalised);
  const verified = await verifyCodeRequest(app, s, address, code);
  if (verified.statusCode !== 303) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  s.jar.store(verified.headers['set-cookie']);
  return finishSignIn(app, s, String(verified.headers.location));
}

/** Sign-in with the one-use ticket of account set-up (as login_hint): no code is asked for. */
export async function signInWithTicket(app: FastifyInstance, ticket: string): Promise<Tokens> {
  const s = await startSignIn(app, 'forecourt-web', { login_hint: `ticket:${ticket}` });
  const page = await app.inject({
    method: 'GET',
    url: `/auth/interaction/${s.uid}`,
    headers: { cookie: s.jar.header() },
  });
  if (page.statusCode !== 303) throw new Error(`ticket refused: ${page.statusCode}`);
  s.jar.store(page.headers['set-cookie']);
  return finishSignIn(app, s, String(page.headers.location));
}
