import { defineConfig } from 'vitest/config';

// One test run for the whole repository; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
