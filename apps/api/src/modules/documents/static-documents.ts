import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const documentsDir = fileURLToPath(new URL('../../../../../config/documents/', import.meta.url));

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,40}$/;
/** `{insurer}.{documentId}.html` (product documents) or `{documentId}.html` (static documents). */
const FILE = /^(?:[A-Za-z0-9-]{1,40}\.)?[a-z0-9-]{1,40}\.html$/;

/** A static document's HTML, or undefined when there is none (also for any path that is not a plain name). */
export async function readStaticDocument(wordingVersion: string, file: string): Promise<string | undefined> {
  if (!VERSION.test(wordingVersion) || wordingVersion.includes('..') || !FILE.test(file)) return undefined;
  const full = path.join(documentsDir, wordingVersion, file);
  if (!full.startsWith(documentsDir)) return undefined;
  try {
    return await readFile(full, 'utf8');
  } catch {
    // An old link to a wording-independent document under a wording version ('{insurer}.business-terms.html').
    const independent = /^[A-Za-z0-9-]{1,40}\.(business-terms|privacy-policy|complaints)\.html$/.exec(file);
    if (independent && wordingVersion !== 'static')
      return readStaticDocument('static', `${independent[1]}.html`);
    return undefined;
  }
}
