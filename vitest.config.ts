import { defineConfig } from 'vitest/config';

// One runner for every suite; each workspace is a project (see docs/ARCHITECTURE.md#tests).
export default defineConfig({
  test: {
    projects: [
      'packages/domain/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
