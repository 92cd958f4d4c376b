import {
  scrubErrorMessage,
  scrubErrorStack,
  TELEMETRY_BATCH_INTERVAL_MS,
  TELEMETRY_BATCH_MAX_BYTES,
  TELEMETRY_BEACON_MAX_BYTES,
  TELEMETRY_EVENTS_PER_VIEW,
  TELEMETRY_MAX_EVENTS_PER_BATCH,
  TELEMETRY_MAX_RETRIES,
  TELEMETRY_MEMORY_BUFFER_EVENTS,
  TELEMETRY_SESSION_EXPIRY_MS,
  TELEMETRY_SESSION_RENEWAL_MS,
  TELEMETRY_STORAGE_KEY,
  TELEMETRY_STORED_BUFFER_EVENTS,
  type TelemetryEvent,
} from '@portal/contracts';
import type { TelemetryEmission } from '../../shared/telemetry-bus';
import type { PostOutcome } from './api/post-telemetry';
import { isSkipped, telemetryPath } from './telemetry-path';

export interface CollectorOptions {
  post(body: string): Promise<PostOutcome>;
  beacon(body: string): boolean;
  /** Where unsent events wait while the server is unreachable; undefined where storage is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** REPORT_ERRORS as the page says. */
  reportErrors: boolean;
  /** 16 random bytes in hex: a session is random, never derived from anything of the client. */
  newSession(): string;
  random(): number;
}

interface Queued {
  json: string;
  bytes: number;
}

/** An event before the collector stamps it with its time and session. */
type Unstamped<E> = E extends TelemetryEvent ? Omit<E, 'at' | 'session'> : never;

const BODY_OVERHEAD_BYTES = '{"events":[]}'.length;
const MAX_BACKOFF_MS = 5 * 60_000;
const encoder = new TextEncoder();

const bodyOf = (batch: readonly Queued[]) => `{"events":[${batch.map((entry) => entry.json).join(',')}]}`;

/** The longest prefix of the queue whose body stays within maxBytes and the per-batch cap. */
function takeBatch(queue: readonly Queued[], maxBytes: number): Queued[] {
  const batch: Queued[] = [];
  let bytes = BODY_OVERHEAD_BYTES;
  for (const entry of queue) {
    if (batch.length === TELEMETRY_MAX_EVENTS_PER_BATCH) break;
    if (batch.length > 0 && bytes + entry.bytes + 1 > maxBytes) break;
    batch.push(entry);
    bytes += entry.bytes + 1;
  }
  return batch;
}

/**
 * The browser side of the anonymous telemetry (SPEC §9, docs/telemetry.md): events are
 * queued in memory (at most 10,000, oldest dropped first) and sent as a batch every 15
 * seconds or as soon as 102,400 bytes wait. A failed batch is retried up to 10 times with
 * exponential back-off and jitter; meanwhile the newest 2,000 events wait in localStorage
 * for the next visit. When the page is hidden, what waits leaves by `sendBeacon` in chunks
 * under its 64 KiB limit, and whatever the browser would not take is kept for the next visit.
 */
export function createCollector(options: CollectorOptions) {
  let queue: Queued[] = [];
  let queuedBytes = 0;
  let inFlight = false;
  let failures = 0;
  let gaveUp = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let intervalTimer: ReturnType<typeof setInterval> | undefined;
  let session = options.newSession();
  let sessionStartedAt = Date.now();
  let lastActivityAt = sessionStartedAt;
  let eventsThisView = 0;
  /** Whether localStorage holds events of this page or an earlier one. */
  let stored = false;

  const currentSession = (now: number) => {
    if (now - lastActivityAt > TELEMETRY_SESSION_RENEWAL_MS || now - sessionStartedAt > TELEMETRY_SESSION_EXPIRY_MS) {
      session = options.newSession();
      sessionStartedAt = now;
    }
    lastActivityAt = now;
    return session;
  };

  const enqueue = (json: string) => {
    const entry = { json, bytes: encoder.encode(json).length };
    queue.push(entry);
    queuedBytes += entry.bytes;
    while (queue.length > TELEMETRY_MEMORY_BUFFER_EVENTS) queuedBytes -= queue.shift()!.bytes;
  };

  const remove = (sent: readonly Queued[]) => {
    const gone = new Set(sent);
    queue = queue.filter((entry) => !gone.has(entry));
    queuedBytes = queue.reduce((sum, entry) => sum + entry.bytes, 0);
  };

  /** Mirrors what still waits into localStorage (the newest 2,000), or clears it when nothing does. */
  const persist = () => {
    try {
      if (queue.length === 0) options.storage?.removeItem(TELEMETRY_STORAGE_KEY);
      else {
        const kept = queue.slice(-TELEMETRY_STORED_BUFFER_EVENTS);
        options.storage?.setItem(TELEMETRY_STORAGE_KEY, `[${kept.map((entry) => entry.json).join(',')}]`);
      }
    } catch {
      // Storage full or refused: the events stay in memory only.
    }
  };

  const canSend = () => !inFlight && retryTimer === undefined && !gaveUp && queue.length > 0;

  const flush = async (): Promise<void> => {
    if (!canSend()) return;
    const batch = takeBatch(queue, TELEMETRY_BATCH_MAX_BYTES);
    inFlight = true;
    const outcome = await options.post(bodyOf(batch));
    inFlight = false;
    if (outcome === 'done') {
      const hadFailed = failures > 0;
      failures = 0;
      remove(batch);
      if (hadFailed || stored) persist();
      stored = queue.length > 0 && stored;
      if (queuedBytes >= TELEMETRY_BATCH_MAX_BYTES) void flush();
      return;
    }
    failures++;
    stored = true;
    persist();
    if (failures > TELEMETRY_MAX_RETRIES) {
      // The server stays away: stop trying on this page; localStorage keeps the events for the next visit.
      gaveUp = true;
      return;
    }
    const backoff = Math.min(TELEMETRY_BATCH_INTERVAL_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void flush();
      },
      backoff * (0.5 + options.random()),
    );
  };

  const track = (event: Unstamped<TelemetryEvent>) => {
    const now = Date.now();
    enqueue(JSON.stringify({ ...event, at: now, session: currentSession(now) }));
    if (queuedBytes >= TELEMETRY_BATCH_MAX_BYTES) void flush();
  };

  const trackError = (pathname: string, error: unknown) => {
    if (!options.reportErrors) return;
    const message = error instanceof Error ? error.message || error.name : String(error);
    const stack = error instanceof Error && error.stack ? scrubErrorStack(error.stack) : undefined;
    track({
      kind: 'error',
      path: telemetryPath(pathname),
      message: scrubErrorMessage(message) || 'Error',
      ...(stack ? { stack } : {}),
    });
  };

  return {
    /** Takes over what an earlier visit left in localStorage and starts the 15-second batches. */
    start() {
      try {
        const saved = options.storage?.getItem(TELEMETRY_STORAGE_KEY);
        const events: unknown = saved ? JSON.parse(saved) : [];
        if (Array.isArray(events) && events.length > 0) {
          const current = queue;
          queue = [];
          queuedBytes = 0;
          for (const event of events.slice(-TELEMETRY_STORED_BUFFER_EVENTS)) enqueue(JSON.stringify(event));
          for (const entry of current) enqueue(entry.json);
          stored = true;
        }
      } catch {
        options.storage?.removeItem(TELEMETRY_STORAGE_KEY);
      }
      intervalTimer = setInterval(() => void flush(), TELEMETRY_BATCH_INTERVAL_MS);
    },

    stop() {
      clearInterval(intervalTimer);
      clearTimeout(retryTimer);
    },

    /** One emission of the telemetry bus. */
    receive(emission: TelemetryEmission) {
      const path = telemetryPath(emission.pathname);
      if (emission.kind === 'page-view') {
        if (isSkipped(emission.pathname)) return;
        eventsThisView = 0;
        track({ kind: 'page-view', path });
      } else if (emission.kind === 'event') {
        if (++eventsThisView > TELEMETRY_EVENTS_PER_VIEW) return;
        track({ kind: 'event', path, name: emission.name, ...(emission.outcome ? { outcome: emission.outcome } : {}) });
      } else {
        trackError(emission.pathname, emission.error);
      }
    },

    /** An unhandled error or rejection (window 'error' / 'unhandledrejection'). */
    trackError,

    flush,

    /** The page is hidden and may never come back: beacons in chunks, the rest kept for the next visit. */
    hide() {
      // The batch in flight stays queued (and stored) until its answer comes.
      let waiting = queue;
      if (failures === 0 && !gaveUp) {
        const inFlightBatch = inFlight ? takeBatch(queue, TELEMETRY_BATCH_MAX_BYTES) : [];
        const beaconable = queue.slice(inFlightBatch.length);
        const beaconed: Queued[] = [];
        while (beaconed.length < beaconable.length) {
          const chunk = takeBatch(beaconable.slice(beaconed.length), TELEMETRY_BEACON_MAX_BYTES);
          if (!options.beacon(bodyOf(chunk))) break;
          beaconed.push(...chunk);
        }
        remove(beaconed);
        waiting = queue;
      }
      if (waiting.length > 0) {
        stored = true;
        persist();
      } else if (stored) {
        persist();
        stored = false;
      }
    },

    /** For tests and the bench: what waits in memory. */
    get pending() {
      return queue.length;
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
