import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 (ADR 083), with node:crypto: header signing for requests and query
 * signing for presigned GET URLs. Follows the AWS "Signature Version 4 signing process" documentation.
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const amzDate = (d: Date) => d.toISOString().replace(/[:-]|\.\d{3}/g, '');
/** RFC 3986 encoding as AWS wants it; slashes kept in paths. */
export const uriEncode = (s: string, keepSlash = false) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

function signingKey(c: Credentials, day: string) {
  return hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, day), c.region), 's3'), 'aws4_request');
}

function canonicalQuery(params: Record<string, string>) {
  return Object.keys(params)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(params[k] ?? '')}`)
    .join('&');
}

export function presignGet(url: URL, c: Credentials, now: Date, expiresInSeconds: number): string {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const scope = `${day}/${c.region}/s3/aws4_request`;
  const params: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${c.accessKeyId}/${scope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(expiresInSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const canonical = [
    'GET',
    url.pathname,
    canonicalQuery(params),
    `host:${url.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(c, day)).update(toSign).digest('hex');
  return `${url.origin}${url.pathname}?${canonicalQuery(params)}&X-Amz-Signature=${signature}`;
}

/** Headers for a signed request (Authorization, x-amz-date, x-amz-content-sha256). */
export function signHeaders(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: Buffer | string,
  c: Credentials,
  now: Date,
): Record<string, string> {
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const scope = `${day}/${c.region}/s3/aws4_request`;
  const all: Record<string, string> = {
    ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': sha256(body),
  };
  const names = Object.keys(all).sort();
  const query = canonicalQuery(Object.fromEntries(url.searchParams.entries()));
  const canonical = [
    method,
    url.pathname,
    query,
    `${names.map((n) => `${n}:${all[n]}`).join('\n')}\n`,
    names.join(';'),
    all['x-amz-content-sha256'],
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(c, day)).update(toSign).digest('hex');
  const { host: _host, ...rest } = all;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${c.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
