import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Builds the migrated, seeded PGlite template once per run (skipped with TEST_DATABASE_URL).
    globalSetup: ['src/test/global-setup.ts'],
    // Files share their worker's module cache (PGlite's WebAssembly is compiled once per worker).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
