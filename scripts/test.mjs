// npm test: lint, typecheck, unit and integration tests, then the end-to-end tests.
// Ends with one line counting every test that ran: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureSystemPackages } from './system-packages.mjs';

// Before anything runs: the browser, the servers the shared-limits and accel tests start, and
// gpg, which checks the CSAF documents' signatures.
ensureSystemPackages(['chromium', 'redis-server', 'nginx', 'gnupg']);

const root = new URL('..', import.meta.url).pathname;
const resultsDir = `${root}test-results`;
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const steps = [
  // A dependency that brings an install script nobody reviewed fails here (package.json's
  // allowScripts, docs/decisions/098-reviewed-install-scripts.md).
  ['reviewed install scripts', process.execPath, ['scripts/check-install-scripts.mjs']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['build', 'npm', ['run', 'build', '--silent']],
  [
    'unit and integration',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsDir}/vitest.json`],
  ],
  ['end-to-end', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

let failedStep;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const counts = { passed: 0, failed: 0 };
try {
  const vitest = JSON.parse(readFileSync(`${resultsDir}/vitest.json`, 'utf8'));
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
} catch {
  // vitest did not run (an earlier step failed)
}
try {
  const e2e = JSON.parse(readFileSync(`${resultsDir}/e2e.json`, 'utf8'));
  counts.passed += e2e.stats.expected;
  counts.failed += e2e.stats.unexpected + e2e.stats.flaky;
} catch {
  // Playwright did not run (an earlier step failed)
}
if (failedStep) console.error(`\n✖ ${failedStep} failed`);
console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedStep ? 1 : 0);
