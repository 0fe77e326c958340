import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A tiny web build in a temporary folder, for `createTestApp({ env: { WEB_DIST } })`: an index.html with the
 * head marker the server fills, and Vite's manifest when given. The caller removes the folder.
 */
export function tinyWebBuild(manifest?: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'forecourt-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<html><head><!--forecourt:head--></head><body></body></html>');
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}
