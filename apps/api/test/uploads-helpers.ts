import type { ListeningApp } from './payments-helpers.ts';

/** The smallest real files of two accepted kinds (their magic bytes and a little more). */
export const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a7a8d21c0000000049454e44ae426082',
  'hex',
);
export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A multipart/form-data body with one part named `file` per file. */
export function multipart(files: { name: string; body: Buffer; type?: string }[]) {
  const boundary = `----forecourt${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\n` +
        `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    f.body,
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/documents/upload/stage/{policyId} with these files, as the holder of `headers`. */
export function staging(
  t: ListeningApp,
  headers: Record<string, string>,
  policyId: string,
  files: Parameters<typeof multipart>[0],
) {
  const { body, contentType } = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/documents/upload/stage/${policyId}`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}
