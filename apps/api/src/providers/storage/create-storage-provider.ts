import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { filesystemStorage } from './filesystem.ts';
import { s3Storage } from './s3.ts';
import type { StorageProvider } from './storage-provider.ts';

/** S3 when STORAGE=s3 (S3_BUCKET and keys required), otherwise files under DATA_DIR/documents. */
export function createStorageProvider(env: Env): StorageProvider {
  if (env.STORAGE !== 's3') return filesystemStorage(path.resolve(env.DATA_DIR, 'documents'));
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return s3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}
