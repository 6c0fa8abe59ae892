import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Builds the migrated, seeded PGlite template once per run (skipped with TEST_DATABASE_URL).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
