import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A worker per core: Vitest's default leaves one core to itself (one worker on two cores),
    // while the API files spend much of their time waiting on PostgreSQL and child processes
    // (docs/testing.md, "The suite's time").
    maxWorkers: '100%',
    projects: [
      'packages/contracts',
      'packages/publish-cli',
      'apps/api',
      'apps/web',
      // Checks of the documents against the repository (e2e/docs-*.test.ts): files only, no browser.
      { test: { name: 'docs', include: ['e2e/docs-*.test.ts'], setupFiles: ['vitest.setup.ts'] } },
    ],
  },
});
