import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, waitForWebBuild } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server started for the whole e2e run (default brand). */
    baseUrl: string;
  }
}

/** Starts the built app once for every journey; `npm run test:e2e` builds it first. */
export default async function setup(project: TestProject) {
  await waitForWebBuild(10_000);
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  // Many journeys sign in the same demo customer and admin here: the 5 codes per address per 15 minutes would
  // refuse the later ones (production always keeps 5; ADR 325).
  const server = await startServer({
    port: Number(process.env.E2E_PORT ?? 8187),
    env: { SIGN_IN_CODES_PER_ADDRESS: '1000' },
  });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
