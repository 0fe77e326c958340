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
  throw errorOf(res.status, res.statusText, body);
}

/** The ApiError of a refused call: 401 is UNAUTHORIZED, anything else UNEXPECTED with the API's code and fields. */
function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const e = (body ?? {}) as { code?: string; message?: string; fieldErrors?: Record<string, string[]> };
  return new ApiError(status === 401 ? 'UNAUTHORIZED' : 'UNEXPECTED', e.message ?? statusText, {
    status,
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

/**
 * Sends a multipart form to /api with the same token and impersonation as `api`, reporting upload progress
 * (bytes sent of the total) as it goes: fetch cannot, so this one call uses XMLHttpRequest (spec 3 §4 Upload).
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
): Promise<T> {
  const token = await tokenSource();
  const impersonating = impersonationSource();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(`/api${path}`, window.location.origin).toString());
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (impersonating) xhr.setRequestHeader('x-impersonate', impersonating);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 'Network Error'));
    xhr.onload = () => {
      const body: unknown = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(errorOf(xhr.status, xhr.statusText, body));
    };
    xhr.send(form);
  });
}
