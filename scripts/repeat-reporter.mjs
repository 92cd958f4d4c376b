// A Playwright reporter for scripts/test-repeat.mjs: one JSON line per finished test, with the
// repeat it belongs to (`--repeat-each`), in the file named by REPEAT_REPORT_LINES.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export default class RepeatReporter {
  onBegin(config) {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test, result) {
    const file = path.relative(path.resolve(this.rootDir, '..'), test.location.file);
    const error = result.errors[0] ?? result.error;
    appendFileSync(
      process.env.REPEAT_REPORT_LINES,
      `${JSON.stringify({
        test: `${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`,
        repeat: test.repeatEachIndex,
        status: result.status,
        expected: result.status === test.expectedStatus,
        durationMs: result.duration,
        error: error ? stripVTControlCharacters(error.message ?? error.value ?? String(error)) : undefined,
      })}\n`,
    );
  }

  printsToStdio() {
    return false;
  }
}
