import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite; each workspace is a project (see docs/ARCHITECTURE.md#tests).
// Vitest's default for `run` is one worker fewer than the cores, which is a single worker on the 2-core CI
// machine; the runner itself is idle while files run, so use every core (ADR 280).
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/domain/vitest.config.ts',
      'packages/contracts/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
