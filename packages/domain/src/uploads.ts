import { UPLOAD_MAX_BYTES } from './constants.ts';
import { UPLOAD_EXTENSIONS, type UploadRejectionReason } from './enums.ts';

/** Why a customer sends documents (spec 3 §7 commit `purpose`); proof of no-claims bonus first (ADR 260). */
export const UPLOAD_PURPOSES = ['NCD_PROOF', 'DRIVING_LICENCE', 'VEHICLE_DOCUMENT', 'OTHER'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** What a file's first bytes say it is, and the names (extensions) and media type that go with it. */
export const UPLOAD_KINDS = {
  png: { extensions: ['png'], contentType: 'image/png' },
  jpeg: { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg' },
  heic: { extensions: ['heic'], contentType: 'image/heic' },
  pdf: { extensions: ['pdf'], contentType: 'application/pdf' },
  doc: { extensions: ['doc'], contentType: 'application/msword' },
  docx: {
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  rtf: { extensions: ['rtf'], contentType: 'application/rtf' },
} as const satisfies Record<string, { extensions: readonly UploadExtension[]; contentType: string }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
/** True when the ASCII text occurs in the bytes (a zip's entry names are plain ASCII in its local headers). */
function contains(bytes: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  outer: for (
    let i = bytes.indexOf(first);
    i !== -1 && i <= bytes.length - text.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let j = 1; j < text.length; j++) if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/**
 * The kind of an uploaded file by its content (magic bytes), never its name (ADR 260): PNG signature, JPEG
 * SOI marker, an ISO-BMFF `ftyp` box with a HEIF brand, `%PDF-`, `{\rtf`, an OLE compound file (Word 97-2003)
 * and a zip holding `word/` entries (Word 2007+). Anything else is undefined.
 */
export function sniffUploadKind(bytes: Uint8Array): UploadKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.includes(ascii(bytes, 8, 12))) return 'heic';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(bytes, 0, 5) === '{\\rtf') return 'rtf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && contains(bytes, 'word/')) return 'docx';
  return undefined;
}

/** The extension of a file name, lower case ('' when none). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

const isControlOrSeparator = (c: string) => c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '/' || c === '\\';

/** A name as it can be shown back: control characters replaced by '?', at most 255 characters. */
export const shownFileName = (name: string) =>
  [...name.slice(0, 255)].map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' ? '?' : c)).join('');

/** A file name we keep and show: 1 to 255 characters, no path separators, control characters or NUL. */
export const isSafeFileName = (name: string) =>
  name.length >= 1 &&
  name.length <= 255 &&
  name.trim() === name &&
  ![...name].some(isControlOrSeparator) &&
  !/[\uD800-\uDFFF]/.test(name.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

/**
 * What can be told of a file before it is sent (name and size), so the page lists a rejection at once:
 * `index` is its place among the files chosen (0-based) and `alreadyStaged` how many the policy holds.
 * The content check is the server's (`uploadRejection`).
 */
export function preUploadRejection(
  file: { name: string; size: number },
  position: { index: number; alreadyStaged: number; maxFiles: number },
): UploadRejectionReason | undefined {
  if (!isSafeFileName(file.name) || file.size === 0) return 'unknown';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'wrong-type';
  if (file.size > UPLOAD_MAX_BYTES) return 'too-large';
  if (position.alreadyStaged + position.index >= position.maxFiles) return 'too-many';
  return undefined;
}

/** The server's check of a received file: its name, its size (truncated = over the limit) and its content. */
export function uploadRejection(file: {
  name: string;
  bytes: Uint8Array;
  truncated: boolean;
}): { reason: UploadRejectionReason } | { kind: UploadKind } {
  if (!isSafeFileName(file.name)) return { reason: 'unknown' };
  if (file.truncated || file.bytes.length > UPLOAD_MAX_BYTES) return { reason: 'too-large' };
  if (file.bytes.length === 0) return { reason: 'unknown' };
  const kind = sniffUploadKind(file.bytes);
  if (!kind || !(UPLOAD_KINDS[kind].extensions as readonly string[]).includes(extensionOf(file.name)))
    return { reason: 'wrong-type' };
  return { kind };
}

/** Upload progress as a percentage rounded to 2 decimals (spec 3 §4, §9). */
export const uploadProgress = (loaded: number, total: number) =>
  total > 0 ? Math.round(Math.min(1, loaded / total) * 10_000) / 100 : 0;
