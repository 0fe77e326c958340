import { describe, expect, it } from 'vitest';
import { preUploadRejection, sniffUploadKind, uploadProgress, uploadRejection } from '../src/uploads.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('uploads by content (ADR 260)', () => {
  it('tells each accepted kind by its first bytes, and nothing else', () => {
    expect(sniffUploadKind(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('png');
    expect(sniffUploadKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffUploadKind(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBe('heic');
    expect(sniffUploadKind(bytes([0, 0, 0, 24], 'ftypmp42'))).toBeUndefined();
    expect(sniffUploadKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffUploadKind(bytes('{\\rtf1\\ansi'))).toBe('rtf');
    expect(sniffUploadKind(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('doc');
    expect(
      sniffUploadKind(bytes('PK\x03\x04', 'xxxx[Content_Types].xml', 'PK\x03\x04word/document.xml')),
    ).toBe('docx');
    expect(sniffUploadKind(bytes('PK\x03\x04', 'xl/workbook.xml'))).toBeUndefined();
    expect(sniffUploadKind(bytes('hello, I am text'))).toBeUndefined();
    expect(sniffUploadKind(new Uint8Array())).toBeUndefined();
  });

  it('refuses a file whose name does not match its content, an empty one, an over-size one and a bad name', () => {
    const png = bytes([0x89], 'PNG\r\n\x1a\n');
    expect(uploadRejection({ name: 'a.PNG', bytes: png, truncated: false })).toEqual({ kind: 'png' });
    expect(uploadRejection({ name: 'a.pdf', bytes: png, truncated: false })).toEqual({
      reason: 'wrong-type',
    });
    expect(uploadRejection({ name: 'a.png', bytes: bytes('text'), truncated: false })).toEqual({
      reason: 'wrong-type',
    });
    expect(uploadRejection({ name: 'a.png', bytes: png, truncated: true })).toEqual({ reason: 'too-large' });
    expect(uploadRejection({ name: 'a.png', bytes: new Uint8Array(), truncated: false })).toEqual({
      reason: 'unknown',
    });
    expect(uploadRejection({ name: '../a.png', bytes: png, truncated: false })).toEqual({
      reason: 'unknown',
    });
  });

  it('checks name, size and count before sending, and rounds progress to 2 decimals', () => {
    const at = { index: 0, alreadyStaged: 0, maxFiles: 2 };
    expect(preUploadRejection({ name: 'a.jpg', size: 10 }, at)).toBeUndefined();
    expect(preUploadRejection({ name: 'a.txt', size: 10 }, at)).toBe('wrong-type');
    expect(preUploadRejection({ name: 'a.jpg', size: 10_485_761 }, at)).toBe('too-large');
    expect(preUploadRejection({ name: 'a.jpg', size: 10 }, { ...at, alreadyStaged: 2 })).toBe('too-many');
    expect(preUploadRejection({ name: 'a.jpg', size: 0 }, at)).toBe('unknown');
    expect(uploadProgress(1, 3)).toBe(33.33);
    expect(uploadProgress(2, 3)).toBe(66.67);
    expect(uploadProgress(5, 5)).toBe(100);
    expect(uploadProgress(0, 0)).toBe(0);
  });
});
