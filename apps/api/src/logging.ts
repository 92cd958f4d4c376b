import type { FastifyLoggerOptions, FastifyRequest, LogLevel } from 'fastify';
import { pino, type Logger } from 'pino';
import type { LogFormat } from './config/config';

/**
 * What the portal logs about a request: its method, the route's pattern and the client
 * address. Never the URL: a path (`/v1/Cornerstone/DSV/{registrationId}/…`) or a query
 * string (`?registrationId=`, `?bearer=`) can carry a credential.
 */
export function loggerOptions(level: LogLevel = 'info'): FastifyLoggerOptions & { level: LogLevel; redact: string[] } {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: request.routeOptions?.url ?? '(no route)',
        ip: request.ip,
      }),
    },
  };
}

/**
 * LOG_FORMAT as given, else `pretty` for a person at a terminal and JSON lines for
 * everything else (a service manager, a pipe, a log collector). An invalid value is
 * reported by loadConfig; until then it is read as unset.
 */
export function chooseLogFormat(raw: string | undefined, isTerminal: boolean): LogFormat {
  if (raw === 'json' || raw === 'pretty') return raw;
  return isTerminal ? 'pretty' : 'json';
}

interface Output {
  write(text: string): unknown;
}

const WARN = 40;

/**
 * The one logger of a portal process: start-up stages, Fastify and shutdown all write
 * through it, so the output is either all JSON or all lines for a person, never a mix.
 * Warnings and errors go to stderr, the rest to stdout.
 */
export function createLogger(
  format: LogFormat,
  { out = process.stdout, err = process.stderr }: { out?: Output; err?: Output } = {},
  level: LogLevel = 'info',
): Logger {
  return pino(loggerOptions(level), {
    write(line: string) {
      const entry = parseLine(line);
      const output = (entry?.level ?? 0) >= WARN ? err : out;
      output.write(format === 'json' || !entry ? line : prettyLine(entry));
    },
  });
}

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { stack?: string; message?: string };
}

function parseLine(line: string): LogEntry | undefined {
  try {
    return JSON.parse(line) as LogEntry;
  } catch {
    return undefined;
  }
}

const LEVEL_LABELS: Record<number, string> = { 40: 'warning: ', 50: 'error: ', 60: 'fatal: ' };

/**
 * A JSON log line as a person reads it: `12:03:04 message`, the level named from warnings
 * up, an error's stack below. Formatted here rather than by pino-pretty: the portal logs a
 * handful of lines (no line per request, docs/decisions/011), which needs neither its
 * dependencies nor its worker thread (docs/decisions/097).
 */
export function prettyLine(entry: LogEntry): string {
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const label = LEVEL_LABELS[entry.level ?? 30] ?? '';
  const detail = entry.err?.stack ?? entry.err?.message;
  const message = entry.msg ?? entry.err?.message ?? '';
  return `${time} ${label}${message}${detail && detail !== message ? `\n${indent(detail)}` : ''}\n`;
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}
