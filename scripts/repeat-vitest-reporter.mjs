// A Vitest reporter for scripts/test-repeat.mjs: one JSON line per finished test, and one per
// error outside a test (a hook of the file, an import, an unhandled error), in the file named by
// REPEAT_REPORT_LINES. Its errors keep their message: a timeout's stack alone does not say it.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const write = (line) => appendFileSync(process.env.REPEAT_REPORT_LINES, `${JSON.stringify(line)}\n`);
const describe = (error) =>
  error ? stripVTControlCharacters(`${error.message ?? ''}\n${error.stack ?? ''}`.trim()) : undefined;

export default class RepeatVitestReporter {
  onTestCaseResult(testCase) {
    const { state, errors = [] } = testCase.result();
    if (state === 'skipped') return;
    write({
      test: `${path.relative(root, testCase.module.moduleId)} › ${testCase.fullName}`,
      status: state,
      expected: state === 'passed',
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      error: describe(errors[0]),
    });
  }

  onTestModuleEnd(testModule) {
    for (const error of testModule.errors()) {
      write({
        test: `${path.relative(root, testModule.moduleId)} (the file)`,
        status: 'failed',
        expected: false,
        error: describe(error),
      });
    }
  }

  onTestRunEnd(_modules, unhandledErrors) {
    for (const error of unhandledErrors) {
      write({ test: '(an unhandled error)', status: 'failed', expected: false, error: describe(error) });
    }
  }
}
