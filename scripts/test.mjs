// npm test: lint, typecheck, unit and integration tests, then the end-to-end tests.
// Ends with one line counting every test that ran: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { BROWSER_PACKAGES, ensureSystemPackages } from './system-packages.mjs';
import { phasesLine, slowestLines } from './test-report.mjs';

// Before anything runs: the browser, the servers the shared-limits and accel tests start, and
// gpg, which checks the CSAF documents' signatures.
ensureSystemPackages([...BROWSER_PACKAGES, 'redis-server', 'nginx', 'gnupg']);

const root = new URL('..', import.meta.url).pathname;
const resultsDir = `${root}test-results`;
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/**
 * Steps side by side, each one's output held and printed whole when it ends, in the order
 * given: lint and the typecheck only read the sources, and together they keep both cores busy
 * (docs/testing.md, "The suite's time"). Resolves to the name of the first that failed.
 */
async function sideBySide(parallel) {
  const runs = parallel.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
        child.on('close', (status) => resolve({ name, status, output: Buffer.concat(output) }));
      }),
  );
  let failed;
  for (const run of runs) {
    const { name, status, output } = await run;
    console.log(`\n▶ ${name}`);
    process.stdout.write(output);
    if (status !== 0 && failed === undefined) failed = name;
  }
  return failed;
}

const steps = [
  // The project's Node.js, which npm ci brings and npm puts first on PATH, and no installed
  // package that refuses it (docs/decisions/277-the-project-brings-node-24.md).
  ['runtime', process.execPath, ['scripts/check-runtime.mjs']],
  // A dependency that brings an install script nobody reviewed fails here (package.json's
  // allowScripts, docs/decisions/098-reviewed-install-scripts.md).
  ['reviewed install scripts', process.execPath, ['scripts/check-install-scripts.mjs']],
  [
    'lint and typecheck',
    [
      ['lint', 'npm', ['run', 'lint', '--silent']],
      ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
    ],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  [
    'unit and integration',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsDir}/vitest.json`],
  ],
  ['end-to-end', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

let failedStep;
/** Each step's name and seconds, for the closing report. */
const phases = [];
for (const [name, command, args] of steps) {
  const startedAt = performance.now();
  if (Array.isArray(command)) {
    failedStep = await sideBySide(command);
  } else {
    console.log(`\n▶ ${name}`);
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) failedStep = name;
  }
  phases.push([name, (performance.now() - startedAt) / 1000]);
  if (failedStep) break;
}

console.log(`\n${phasesLine(phases)}`);
for (const line of slowestLines(resultsDir, root)) console.log(line);

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
