import { type Credentials, presignGet, signHeaders, uriEncode } from './sigv4.ts';
import { assertValidKey, contentTypeOf, type StorageProvider } from './storage-provider.ts';

export interface S3Options extends Credentials {
  bucket: string;
  /** e.g. https://s3.eu-west-2.amazonaws.com or a compatible service (MinIO); path-style addressing. */
  endpoint?: string | undefined;
}

/** S3 over its REST API, signed with SigV4 by hand (ADR 083: @aws-sdk/client-s3 is not installed). */
export function s3Storage(o: S3Options): StorageProvider {
  const base = (o.endpoint ?? `https://s3.${o.region}.amazonaws.com`).replace(/\/$/, '');
  const urlOf = (key: string) => {
    assertValidKey(key);
    return new URL(`${base}/${uriEncode(o.bucket)}/${uriEncode(key, true)}`);
  };
  const request = async (method: string, key: string, body: Buffer = Buffer.alloc(0), headers = {}) => {
    const url = urlOf(key);
    const signed = signHeaders(method, url, headers, body, o, new Date());
    return fetch(url, {
      method,
      headers: signed,
      body: method === 'PUT' ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  };
  return {
    name: 's3',
    async put(key, body, contentType) {
      const res = await request('PUT', key, body, { 'content-type': contentType });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await request('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return {
        body: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async exists(key) {
      const res = await request('HEAD', key);
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD ${key} failed: ${res.status}`);
      return true;
    },
    async signedUrl(key, { expiresInSeconds }) {
      return presignGet(urlOf(key), o, new Date(), expiresInSeconds);
    },
  };
}
