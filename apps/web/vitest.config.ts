import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/fail-on-console-error.ts', './test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
