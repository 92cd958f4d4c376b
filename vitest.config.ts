import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
