import { defineProject } from 'vitest/config';

// Browser journeys: Playwright (playwright-core) drives Debian's Chromium against the real built server.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Hang guards, not speed targets (ADR 408): on a slow day a long journey took 89 s of the old 90.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
