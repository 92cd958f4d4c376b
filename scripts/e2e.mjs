// The end-to-end tests: Playwright in Debian's Chromium against the production build.
import { spawnSync } from 'node:child_process';
import { BROWSER_PACKAGES, ensureSystemPackages } from './system-packages.mjs';

ensureSystemPackages(BROWSER_PACKAGES);
const root = new URL('..', import.meta.url).pathname;
const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
