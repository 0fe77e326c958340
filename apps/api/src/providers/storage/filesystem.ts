import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderHost } from '../host.ts';
import { assertValidKey, contentTypeOf, type StorageProvider } from './storage-provider.ts';

export interface FilesystemStorage extends StorageProvider {
  /** Checks a signed URL's expiry and signature (GET /api/storage/{key}). */
  verifySignature(key: string, expires: number, signature: string): boolean;
}

/**
 * Files under `root` (DATA_DIR/documents). Writes go to a temporary file renamed into place, so a reader
 * never sees half a file. Signed URLs are HMACs of key and expiry with a key derived from the app secret.
 */
export function filesystemStorage(root: string): FilesystemStorage {
  let services: ProviderHost | undefined;
  const signingKey = () => {
    if (!services) throw new Error('Filesystem storage is not attached to the app');
    return createHmac('sha256', services.signingSecret).update('storage-signed-url').digest();
  };
  const sign = (key: string, expires: number) =>
    createHmac('sha256', signingKey()).update(`${key}\n${expires}`).digest('hex');
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  return {
    name: 'filesystem',
    attach(s) {
      services = s;
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return { body: await readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async signedUrl(key, { expiresInSeconds, baseUrl }) {
      assertValidKey(key);
      const now = services?.clock.now() ?? new Date();
      const expires = Math.floor(now.getTime() / 1000) + expiresInSeconds;
      return `${baseUrl}/api/storage/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    verifySignature(key, expires, signature) {
      const now = (services?.clock.now() ?? new Date()).getTime() / 1000;
      if (!Number.isInteger(expires) || expires < now) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
