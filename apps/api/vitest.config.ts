import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    // The files of a worker share one module graph (ADR 337): each file builds its own app and database, and
    // nothing here mocks modules or changes process.env; loading the app afresh for every file took most of the
    // suite's time (616 s → 236 s on 2 cores).
    isolate: false,
    include: ['test/**/*.test.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.ts'],
    globalSetup: ['test/helpers/api-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
