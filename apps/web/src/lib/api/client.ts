import { ApiError } from './errors.ts';

export type TokenSource = () => Promise<string | undefined>;

let tokenSource: TokenSource = async () => undefined;
let impersonationSource: () => string | undefined = () => undefined;

/** The session layer decides which token a call carries (customer, else anonymous). */
export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}
/** In admin mode, every call names the impersonated customer. */
export function setImpersonationSource(source: () => string | undefined) {
  impersonationSource = source;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the bearer token (the session endpoint sets its own). */
  anonymous?: boolean;
}

/** JSON over HTTP to /api with a bearer token; every failure becomes an ApiError of a spec 1 §8 type. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (!options.anonymous && !headers.authorization) {
    const token = await tokenSource();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const impersonating = impersonationSource();
  // A call may name its own customer (the impersonation screen checks one before switching to it).
  if (impersonating && headers['x-impersonate'] === undefined) headers['x-impersonate'] = impersonating;
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw new ApiError('ABORTED', 'Request aborted');
    throw new ApiError('NETWORK', 'Network Error');
  }
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (res.ok) return body as T;
  const e = (body ?? {}) as { code?: string; message?: string; fieldErrors?: Record<string, string[]> };
  throw new ApiError(res.status === 401 ? 'UNAUTHORIZED' : 'UNEXPECTED', e.message ?? res.statusText, {
    status: res.status,
    code: e.code,
    fieldErrors: e.fieldErrors,
    body,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
