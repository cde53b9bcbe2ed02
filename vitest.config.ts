import { defineConfig } from 'vitest/config';

// One configuration for the whole suite: unit tests beside the code, cross-package scenarios in
// tests/. Integration tests need the DATABASE_URL and REDIS_URL that `npm test` discovers.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/generated/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Two cores, but most tests wait on PostgreSQL and Redis, so a few more files than cores.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: false,
    passWithNoTests: false,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
