import type pg from 'pg';
import { UNREACHABLE_SOCKET_CODES } from '../shared/unreachable';
import { causesOf } from '../shared/causes';

/** What an answer that needs the database says while it is away (503, with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The portal cannot reach its database right now. Please try again in a few seconds.';
/** Retry-After of those answers: about how long a supervised restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a server going or gone: 57P01 (terminated: the postmaster died, or an
 * administrator), 57P02 (another backend crashed), 57P03 (starting up, in recovery, shutting
 * down), and class 08 (connection exceptions).
 */
const UNAVAILABLE_STATE = /^(57P0[123]|08...)$/;
/** pg's and pg-pool's own words for a connection lost or never made; they carry no code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated unexpectedly|Connection terminated due to connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/**
 * Whether an error, or one it was caused by (drizzle wraps the driver's), means the database
 * cannot be reached now, rather than that a query was wrong: those answer 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some((cause) => {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_SOCKET_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    return UNAVAILABLE_MESSAGE.test(cause.message);
  });
}

const PROBE_EVERY_MS = 1_000;

/**
 * Whether the database answers now: the one owner of an outage's two log lines (gone, back)
 * and of the readiness and metrics that say so. Told of an unavailability by whatever met it
 * (a request, a LISTEN connection, the embedded server's supervisor); from then on it asks
 * the database once a second until it answers again.
 */
export class DatabaseAvailability {
  private downSince: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  /** How often the embedded server was started again after it died. */
  restarts = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: { warn(line: string): void; info(line: string): void },
  ) {}

  get up(): boolean {
    return this.downSince === undefined;
  }

  /** The database failed someone in a way isDatabaseUnavailable recognises, or `reason` says why it is gone. */
  failed(reason: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = performance.now();
    const why = reason instanceof Error ? describe(reason) : String(reason);
    this.log.warn(`The database is unreachable (${why}): what needs it answers 503 until it is back`);
    this.probe = setInterval(() => void this.check(), PROBE_EVERY_MS).unref();
  }

  /** Stops asking (the portal stops). */
  stop(): void {
    clearInterval(this.probe);
  }

  private async check(): Promise<void> {
    try {
      await this.pool.query('SELECT 1');
    } catch {
      return;
    }
    if (this.downSince === undefined) return;
    const seconds = (performance.now() - this.downSince) / 1000;
    this.downSince = undefined;
    clearInterval(this.probe);
    this.log.info(`The database is back after ${seconds.toFixed(1)} s`);
  }
}

/** An unavailability in a few words: the innermost code or message, never a query or its parameters. */
function describe(error: Error): string {
  let innermost: Error = error;
  while (innermost.cause instanceof Error) innermost = innermost.cause;
  const code = (innermost as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${innermost.message}` : innermost.message;
}
