import type { FastifyServerOptions } from 'fastify';
import { Writable } from 'node:stream';

/** One line of the portal's log, as pino writes it. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The log of a portal a test builds (pass `options` to createTestApp or buildApp), read
 * line by line: what an operator sees.
 */
export function capturedLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return {
    options: { logger: { level: 'info', stream } } satisfies FastifyServerOptions,
    lines,
    /** The lines whose message matches. */
    said: (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg)),
    /** Warnings and errors (pino levels 40 and up), by their message. */
    problems: () => lines.filter((line) => line.level >= 40).map((line) => line.msg),
  };
}
