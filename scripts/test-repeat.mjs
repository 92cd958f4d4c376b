// npm run test:repeat: the flake finder (docs/testing.md). Builds once, then runs the Vitest
// projects and the Playwright suite N times and writes every failure, with its run, to
// test-results/repeat-report.json and test-results/repeat-report.md. Ends with "N passed, N failed"
// (test runs over all runs), and exits 1 when any failed.
//
//   npm run test:repeat -- [--runs N] [--only vitest|e2e] [--project NAME]... [--vitest FILTER]...
//                          [--spec FILE]... [--grep REGEX] [--repeat-each] [--no-build]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { BROWSER_PACKAGES, ensureSystemPackages } from './system-packages.mjs';

const USAGE = `npm run test:repeat -- [options]
  --runs N          how many times (default 10)
  --only vitest|e2e one runner only
  --project NAME    Vitest project (api, web, contracts, docs); may be repeated
  --vitest FILTER   Vitest file filter (e.g. apps/api/src/features/feeds); may be repeated
  --spec FILE       Playwright spec (e.g. e2e/lookups.spec.ts); may be repeated
  --grep REGEX      Playwright --grep
  --repeat-each     Playwright: one run with --repeat-each N against one portal, instead of N runs
                    each with a portal of its own (as npm test does)
  --no-build        use the build that is there`;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    only: { type: 'string' },
    project: { type: 'string', multiple: true, default: [] },
    vitest: { type: 'string', multiple: true, default: [] },
    spec: { type: 'string', multiple: true, default: [] },
    grep: { type: 'string' },
    'repeat-each': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (values.help || !Number.isInteger(runs) || runs < 1 || (values.only && !['vitest', 'e2e'].includes(values.only))) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
// Naming only specs repeats only Playwright; naming only Vitest files or projects, only Vitest.
const vitestNamed = values.vitest.length > 0 || values.project.length > 0;
const e2eNamed = values.spec.length > 0 || values.grep !== undefined;
const runVitest = values.only ? values.only === 'vitest' : vitestNamed || !e2eNamed;
const runE2e = values.only ? values.only === 'e2e' : e2eNamed || !vitestNamed;

const root = new URL('..', import.meta.url).pathname;
const resultsDir = path.join(root, 'test-results');
const workDir = path.join(resultsDir, 'repeat');
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

ensureSystemPackages(runE2e ? [...BROWSER_PACKAGES, 'redis-server', 'nginx'] : ['redis-server', 'nginx']);

const started = Date.now();
const step = (name, command, args, env = {}) => {
  console.log(`\n▶ ${name}`);
  const at = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { status: result.status, seconds: Math.round((Date.now() - at) / 1000) };
};

if (!values['no-build'] && step('build', 'npm', ['run', 'build', '--silent']).status !== 0) {
  console.error('✖ build failed');
  process.exit(1);
}

/** Every failure: { runner, run, test, error } — run counts from 1. */
const failures = [];
const runTimes = [];
let passed = 0;
let skipped = 0;

const firstLines = (text = '', lines = 12) =>
  stripVTControlCharacters(text).split('\n').slice(0, lines).join('\n').trimEnd();

/** The lines a repeat reporter wrote (scripts/repeat-*reporter.mjs). */
const readLines = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

function vitestRun(run) {
  const lines = path.join(workDir, `vitest-${run}.jsonl`);
  writeFileSync(lines, '');
  const projects = values.project.flatMap((name) => ['--project', name]);
  const { status, seconds } = step(
    `vitest, run ${run} of ${runs}`,
    'npx',
    [
      'vitest',
      'run',
      ...projects,
      ...values.vitest,
      '--reporter=dot',
      `--reporter=${root}scripts/repeat-vitest-reporter.mjs`,
    ],
    { REPEAT_REPORT_LINES: lines },
  );
  runTimes.push({ runner: 'vitest', run, seconds, exitCode: status });
  const results = readLines(lines);
  for (const result of results) {
    if (result.expected) passed++;
    else
      failures.push({
        runner: 'vitest',
        run,
        test: result.test,
        status: result.status,
        error: firstLines(result.error),
      });
  }
  // A run that failed with nothing to show for it (a global setup, a crash).
  if (status !== 0 && !results.some((result) => !result.expected)) {
    failures.push({ runner: 'vitest', run, test: '(the run itself)', error: `vitest exited ${status}` });
  }
}

function playwrightRun(run, repeatEach) {
  const lines = path.join(workDir, `e2e-${run}.jsonl`);
  writeFileSync(lines, '');
  // Each run keeps its own traces of failed tests: the next run would empty a shared folder.
  const output = path.join(workDir, `e2e-${run}`);
  const args = [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    `--reporter=dot,${root}scripts/repeat-reporter.mjs`,
    `--output=${output}`,
  ];
  if (repeatEach > 1) args.push(`--repeat-each=${repeatEach}`);
  if (values.grep !== undefined) args.push(`--grep=${values.grep}`);
  const name = repeatEach > 1 ? `playwright, --repeat-each ${repeatEach}` : `playwright, run ${run} of ${runs}`;
  const { status, seconds } = step(name, 'npx', [...args, ...values.spec], { REPEAT_REPORT_LINES: lines });
  runTimes.push({ runner: 'e2e', run, seconds, exitCode: status, ...(repeatEach > 1 && { repeatEach }) });
  const results = readLines(lines);
  for (const result of results) {
    if (result.expected) passed++;
    // The tests of a serial file after one that failed: not run, so neither passed nor failed.
    else if (result.status === 'skipped') skipped++;
    else
      failures.push({
        runner: 'e2e',
        run: repeatEach > 1 ? result.repeat + 1 : run,
        test: result.test,
        status: result.status,
        error: firstLines(result.error),
        traces: path.relative(root, output),
      });
  }
  // A global setup that failed, or a worker that crashed outside a test.
  if (status !== 0 && !results.some((result) => !result.expected && result.status !== 'skipped')) {
    failures.push({ runner: 'e2e', run, test: '(the run itself)', error: `playwright exited ${status}` });
  }
}

for (let run = 1; run <= runs; run++) {
  if (runVitest) vitestRun(run);
  if (runE2e && !values['repeat-each']) playwrightRun(run, 1);
}
if (runE2e && values['repeat-each']) playwrightRun(1, runs);

const seconds = Math.round((Date.now() - started) / 1000);
const report = {
  command: `npm run test:repeat -- ${process.argv.slice(2).join(' ')}`.trim(),
  startedAt: new Date(started).toISOString(),
  seconds,
  runs,
  passed,
  failed: failures.length,
  skipped,
  runTimes,
  failures,
};
writeFileSync(path.join(resultsDir, 'repeat-report.json'), `${JSON.stringify(report, null, 2)}\n`);

const summary = [
  `# ${report.command}`,
  '',
  `${runs} runs, ${seconds} s, started ${report.startedAt}: ${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped after a failure in their serial file` : ''}.`,
  '',
  ...runTimes.map(
    (time) =>
      `- ${time.runner} run ${time.run}${time.repeatEach ? ` (×${time.repeatEach})` : ''}: ${time.seconds} s, exit ${time.exitCode}`,
  ),
  ...failures.flatMap((failure) => [
    '',
    `## ${failure.runner}, run ${failure.run}: ${failure.test}`,
    '',
    '```',
    failure.error ?? '',
    '```',
  ]),
  '',
].join('\n');
writeFileSync(path.join(resultsDir, 'repeat-report.md'), summary);

for (const failure of failures) console.error(`✖ ${failure.runner} run ${failure.run}: ${failure.test}`);
console.log(`\nReport: test-results/repeat-report.md and test-results/repeat-report.json`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
