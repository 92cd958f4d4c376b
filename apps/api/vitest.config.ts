import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    // One module registry per worker, not per file: each file imported the app's module graph
    // anew, 191 s of imports summed per run against 13 s (docs/testing.md, "The suite's time").
    // A file that mocks a module the app imports loads the app after vi.resetModules().
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
