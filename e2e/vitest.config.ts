import { defineProject } from 'vitest/config';

// Browser journeys: Playwright (playwright-core) drives Debian's Chromium against the real built server.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
