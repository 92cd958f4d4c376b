// What npm test says of its own time (docs/testing.md, "The suite's time"): each phase, and the
// slowest files and tests of Vitest and Playwright, read from their JSON reports.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SHOWN = 5;

/** `90.1 s` under two minutes, `14 min 05 s` above. */
export function duration(seconds) {
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}

/** One line of the phases that ran, in order, with their sum. */
export function phasesLine(phases) {
  const all = phases.reduce((sum, [, seconds]) => sum + seconds, 0);
  return `Phases: ${phases.map(([name, seconds]) => `${name} ${duration(seconds)}`).join(' · ')} · in all ${duration(all)}`;
}

/** The slowest files and tests of each runner whose report is in `resultsDir`, as lines. */
export function slowestLines(resultsDir, root) {
  const lines = [];
  const relative = (file) => path.relative(root, file);
  const top = (entries) =>
    entries
      .sort((a, b) => b[1] - a[1])
      .slice(0, SHOWN)
      .map(([name, seconds]) => `  ${duration(seconds).padStart(8)}  ${name}`);
  const vitest = readJson(path.join(resultsDir, 'vitest.json'));
  if (vitest) {
    lines.push('Slowest Vitest files (from their start to their end):');
    lines.push(...top(vitest.testResults.map((file) => [relative(file.name), (file.endTime - file.startTime) / 1000])));
    lines.push('Slowest Vitest tests:');
    lines.push(
      ...top(
        vitest.testResults.flatMap((file) =>
          file.assertionResults.map((test) => [`${relative(file.name)} › ${test.title}`, (test.duration ?? 0) / 1000]),
        ),
      ),
    );
  }
  const e2e = readJson(path.join(resultsDir, 'e2e.json'));
  if (e2e) {
    const tests = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        const seconds =
          spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0) / 1000;
        tests.push([spec.file ?? file, spec.title, seconds]);
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of e2e.suites) walk(suite, suite.file);
    const perFile = new Map();
    for (const [file, , seconds] of tests) perFile.set(file, (perFile.get(file) ?? 0) + seconds);
    lines.push('Slowest Playwright spec files (their tests’ time, summed):');
    lines.push(...top([...perFile]));
    lines.push('Slowest Playwright tests:');
    lines.push(...top(tests.map(([file, title, seconds]) => [`${file} › ${title}`, seconds])));
  }
  return lines;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // that runner did not run (an earlier step failed)
  }
}
