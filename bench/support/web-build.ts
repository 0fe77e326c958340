import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../e2e/support/server.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

/** Builds the web app when there is no build (with its manifest) yet. */
export function ensureWebBuild(): void {
  if (existsSync(path.join(webDist, '.vite/manifest.json'))) return;
  console.log('No web build found: running npm run build …');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
