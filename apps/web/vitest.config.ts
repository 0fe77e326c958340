import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // The files of a worker share one module graph and one window, as the API's do (ADR 337): loading React, the
    // router and the contracts afresh for every file took most of the project's time (73 s → 26 s alone, ADR 373).
    // test/setup.ts gives each file a fresh window's state; nothing here mocks modules.
    isolate: false,
    // Two files run at once on two cores (ADR 280): a page test that clicks through several lazy pages needs more
    // than the default 5 s there; findBy waits stay at 5 s each (test/setup.ts).
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/fail-on-console-error.ts', './test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
