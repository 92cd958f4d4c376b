import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, headlessShellPath } from '../test-kit/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: process.env.PORTAL_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
    // A trace of every test costs a fifth of the suite's CPU, kept or not (docs/testing.md):
    // hunting a failure, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
