import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
