import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../src/lib/context.ts';
import { filesystemStorage } from '../src/providers/storage/filesystem.ts';
import { presignGet, signHeaders } from '../src/providers/storage/sigv4.ts';

// The example credentials and expected signatures published in the AWS S3 SigV4 documentation.
const aws = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('S3 SigV4 signing (node:crypto)', () => {
  it('signs a GET with headers exactly as the AWS documentation example', () => {
    const headers = signHeaders(
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      { Range: 'bytes=0-9' },
      '',
      aws,
      at,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('presigns a GET URL exactly as the AWS documentation example', () => {
    const url = presignGet(new URL('https://examplebucket.s3.amazonaws.com/test.txt'), aws, at, 86400);
    expect(url).toContain('X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });
});

describe('filesystem storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'forecourt-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = filesystemStorage(root);
  storage.attach?.({
    signingSecret: new TextEncoder().encode('x'.repeat(32)),
    clock: { now: () => new Date() },
  } as AppServices);

  it('puts, gets and tells whether an object exists', async () => {
    expect(await storage.exists('policies/p1/v1/policy-certificate.pdf')).toBe(false);
    expect(await storage.get('policies/p1/v1/policy-certificate.pdf')).toBeNull();
    await storage.put(
      'policies/p1/v1/policy-certificate.pdf',
      Buffer.from('%PDF-1.3 test'),
      'application/pdf',
    );
    expect(await storage.exists('policies/p1/v1/policy-certificate.pdf')).toBe(true);
    const got = await storage.get('policies/p1/v1/policy-certificate.pdf');
    expect(got?.body.toString()).toBe('%PDF-1.3 test');
    expect(got?.contentType).toBe('application/pdf');
  });

  it('refuses keys that could escape its folder', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
    }
  });

  it('signs URLs that verify until they expire', async () => {
    const url = new URL(
      await storage.signedUrl('policies/p1/v1/x.pdf', { expiresInSeconds: 60, baseUrl: 'http://h' }),
    );
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    expect(storage.verifySignature('policies/p1/v1/x.pdf', expires, signature)).toBe(true);
    expect(storage.verifySignature('policies/p1/v1/y.pdf', expires, signature)).toBe(false);
    expect(storage.verifySignature('policies/p1/v1/x.pdf', expires + 1, signature)).toBe(false);
    expect(storage.verifySignature('policies/p1/v1/x.pdf', 1000, signature)).toBe(false);
  });
});
