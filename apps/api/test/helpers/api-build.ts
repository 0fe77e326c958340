import type { TestProject } from 'vitest/node';
import { buildApi, temporaryApiBuild } from '../../../../scripts/build-api.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's own build of the server and commands (scripts/build-api.ts, ADR 403). */
    apiBuild: string;
  }
}

/**
 * Global setup of the API project: builds the server and its commands once for the run, as `npm run build` does
 * for `npm start`, so the tests that start them as child processes (crash, billing-crash, partner-webhooks-crash,
 * admin-cli) run what production runs, from the sources being tested.
 */
export default async function setup(project: TestProject) {
  const build = await temporaryApiBuild('test');
  project.provide('apiBuild', build.dir);
  // In watch mode, a rerun after a change runs a build of the changed sources.
  project.onTestsRerun(async () => {
    await buildApi(build.dir);
  });
  return () => build.remove();
}
