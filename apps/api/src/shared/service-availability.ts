import type { OutageAnswer } from '@portal/contracts';

/**
 * A request that needs a service which is away (the S3 bucket, the mail server, the store of a
 * closed limit): the error handler answers it 503 with `Retry-After` and the answer's words,
 * and logs nothing, since the service's owner says once when it went (docs/operations.md,
 * "When things fail"). `message` is for the operator and the command line (which service, why);
 * the person who asked reads `answer` only. It has no `cause`: the driver's error may carry a
 * socket code that other owners read as their own outage (db/database-outage.ts).
 */
export class ServiceUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    readonly answer: OutageAnswer,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

export interface AvailabilityChange {
  up: boolean;
  /** Away: what the operation that met the outage was told, in a few words. */
  reason?: string;
  /** Back: how long it was away. */
  awaySeconds?: number;
}

export interface ServiceAvailabilityOptions {
  /** Whether an operation's error means the service cannot be reached, rather than that it refused this operation. */
  isUnreachable(error: unknown): boolean;
  /** Resolves when the service answers (any answer); rejects while it cannot be reached. */
  probe(): Promise<unknown>;
  probeEveryMs: number;
  /** The error an operation gets while the service is away, with what it was told. */
  unavailable(reason: string): Error;
}

/**
 * Whether a service answers now, and the one owner of its outages. An operation that meets an
 * unreachable service makes it away; from then on operations are refused at once (a hung
 * service holds no request for its timeouts) and the service is probed every `probeEveryMs`
 * until it answers. Listeners hear each change once: the log line of an outage and of its end.
 */
export class ServiceAvailability {
  private awaySince: number | undefined;
  private reason = '';
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;
  private readonly listeners = new Set<(change: AvailabilityChange) => void>();

  constructor(private readonly options: ServiceAvailabilityOptions) {}

  get up(): boolean {
    return this.awaySince === undefined;
  }

  /** Runs `operation`, refused at once while the service is away; an unreachable service makes it away. */
  async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.awaySince !== undefined) throw this.options.unavailable(this.reason);
    try {
      return await operation();
    } catch (error) {
      if (!this.options.isUnreachable(error)) throw error;
      this.failed(error);
      throw this.options.unavailable(this.reason);
    }
  }

  /** The service could not be reached (an operation outside `run` met it). */
  failed(error: unknown): void {
    if (this.awaySince !== undefined || this.stopped) return;
    this.awaySince = performance.now();
    this.reason = describe(error);
    this.emit({ up: false, reason: this.reason });
    this.timer = setInterval(() => void this.check(), this.options.probeEveryMs).unref();
  }

  /** Hears every change (away, back); returns what stops it hearing. */
  onChange(listener: (change: AvailabilityChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops probing (the process stops). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.options.probe();
    } catch {
      return;
    } finally {
      this.probing = false;
    }
    if (this.awaySince === undefined) return;
    const awaySeconds = (performance.now() - this.awaySince) / 1000;
    this.awaySince = undefined;
    clearInterval(this.timer);
    this.emit({ up: true, awaySeconds });
  }

  private emit(change: AvailabilityChange) {
    for (const listener of this.listeners) listener(change);
  }
}

/** An error in a few words: its code and message (a socket's, a protocol's), never a request's contents. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message || error.name;
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
