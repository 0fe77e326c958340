import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Two files run at once on two cores (ADR 280): a page test that clicks through several lazy pages needs more
    // than the default 5 s there; findBy waits stay at 5 s each (test/setup.ts).
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/fail-on-console-error.ts', './test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
