import type { ProviderHost } from '../host.ts';

/** Object storage for generated documents and uploads: filesystem under DATA_DIR (default) or S3. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly name: 'filesystem' | 's3';
  attach?(host: ProviderHost): void;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** A URL anyone holding it can GET until it expires (for e-mail links and downloads). */
  signedUrl(key: string, options: { expiresInSeconds: number; baseUrl: string }): Promise<string>;
}

/** Keys are relative paths of safe segments: no leading slash, no `..`, no odd characters. */
export function assertValidKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

export const contentTypeOf = (key: string) =>
  key.endsWith('.pdf')
    ? 'application/pdf'
    : key.endsWith('.html')
      ? 'text/html; charset=utf-8'
      : key.endsWith('.png')
        ? 'image/png'
        : key.endsWith('.jpg') || key.endsWith('.jpeg')
          ? 'image/jpeg'
          : 'application/octet-stream';
