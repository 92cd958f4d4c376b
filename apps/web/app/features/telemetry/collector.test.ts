import {
  TELEMETRY_BATCH_INTERVAL_MS,
  TELEMETRY_BATCH_MAX_BYTES,
  TELEMETRY_MAX_RETRIES,
  TELEMETRY_MEMORY_BUFFER_EVENTS,
  TELEMETRY_STORAGE_KEY,
  TELEMETRY_STORED_BUFFER_EVENTS,
} from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostOutcome } from './api/post-telemetry';
import { createCollector, type CollectorOptions } from './collector';

const BEACON_LIMIT_BYTES = 64 * 1024;

class FakeStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

interface Sent {
  events: Record<string, unknown>[];
  bytes: number;
}
const parse = (body: string): Sent => ({
  events: (JSON.parse(body) as { events: Record<string, unknown>[] }).events,
  bytes: new TextEncoder().encode(body).length,
});

let sessions = 0;
function collectorWith(overrides: Partial<CollectorOptions> & { answer?: PostOutcome } = {}) {
  const posts: Sent[] = [];
  const beacons: Sent[] = [];
  const storage = overrides.storage ?? new FakeStorage();
  const collector = createCollector({
    post: async (body) => {
      posts.push(parse(body));
      return overrides.answer ?? 'done';
    },
    beacon: (body) => {
      beacons.push(parse(body));
      return true;
    },
    storage,
    reportErrors: false,
    newSession: () => (++sessions).toString(16).padStart(32, '0'),
    random: () => 0.5,
    ...overrides,
  });
  collector.start();
  return { collector, posts, beacons, storage: storage as FakeStorage };
}

const view = (pathname: string) => ({ kind: 'page-view', pathname }) as const;
/**
 * An error report of about 900 bytes, to fill batches quickly. Its stack is
 * fixed (a real one grows with the checkout's path, and so would the event),
 * and its number comes first, where the 500-character cap cannot cut it.
 */
const STACK = [
  'Error: Failure',
  ...Array.from({ length: 6 }, (_, i) => `    at step${i} (/assets/app.js:1:${i})`),
].join('\n');
const bigError = (n: number) => {
  const error = new Error(`Failure ${n} ${'x'.repeat(480)}`);
  error.stack = STACK;
  return { kind: 'error', pathname: '/', error } as const;
};
const storedEvents = (storage: FakeStorage) =>
  JSON.parse(storage.getItem(TELEMETRY_STORAGE_KEY) ?? '[]') as Record<string, unknown>[];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the telemetry collector', () => {
  it('sends what waits every 15 seconds, in one batch', async () => {
    const { collector, posts } = collectorWith();
    collector.receive(view('/'));
    collector.receive(view('/cornerstone'));
    collector.receive({ kind: 'event', pathname: '/cornerstone/pibs', name: 'Looked up PIBs', outcome: 'invalid' });
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS - 1);
    expect(posts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.events).toEqual([
      { kind: 'page-view', path: '/', at: expect.any(Number), session: expect.stringMatching(/^[0-9a-f]{32}$/) },
      expect.objectContaining({ kind: 'page-view', path: '/cornerstone' }),
      expect.objectContaining({ kind: 'event', path: '/cornerstone/pibs', name: 'Looked up PIBs', outcome: 'invalid' }),
    ]);
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(posts).toHaveLength(1);
  });

  it('sends at once when 102,400 bytes wait, never a batch much larger', async () => {
    const { collector, posts } = collectorWith({ reportErrors: true });
    let n = 0;
    while (posts.length === 0) collector.receive(bigError(n++));
    await vi.advanceTimersByTimeAsync(0);
    expect(posts[0]!.bytes).toBeGreaterThan(TELEMETRY_BATCH_MAX_BYTES - 1_000);
    expect(posts[0]!.bytes).toBeLessThanOrEqual(TELEMETRY_BATCH_MAX_BYTES);
    expect(posts[0]!.events.length + collector.pending).toBe(n);
  });

  it('keeps unsent events in localStorage while the server is down, and sends them after a reload', async () => {
    const storage = new FakeStorage();
    const before = collectorWith({ storage, answer: 'retry' });
    before.collector.receive(view('/'));
    before.collector.receive(view('/privacy'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(storedEvents(storage).map((event) => event.path)).toEqual(['/', '/privacy']);
    before.collector.stop();

    // The reload: a new page, a new collector, the same browser storage.
    const after = collectorWith({ storage });
    after.collector.receive(view('/cornerstone'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(after.posts[0]!.events.map((event) => event.path)).toEqual(['/', '/privacy', '/cornerstone']);
    expect(new Set(after.posts[0]!.events.map((event) => event.session)).size).toBe(2);
    expect(storage.getItem(TELEMETRY_STORAGE_KEY)).toBeNull();
  });

  it('retries a failed batch at most 10 times, with growing waits, then leaves the rest to the next visit', async () => {
    const { collector, posts, storage } = collectorWith({ answer: 'retry' });
    // Far more than one batch: the first leaves at once (by size) and fails.
    for (let i = 0; i < TELEMETRY_STORED_BUFFER_EVENTS + 500; i++) collector.receive(view(i % 2 ? '/' : '/privacy'));
    await vi.advanceTimersByTimeAsync(0);
    expect(posts).toHaveLength(1);
    // The first retry after 15 s (jitter 0.5 of 0.5-1.5 here), the next after 30 s.
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS - 1);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * TELEMETRY_BATCH_INTERVAL_MS - 1);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(posts).toHaveLength(1 + TELEMETRY_MAX_RETRIES);
    // Only the newest 2,000 are kept, oldest dropped first.
    expect(storedEvents(storage)).toHaveLength(TELEMETRY_STORED_BUFFER_EVENTS);
  });

  it('holds at most 10,000 events in memory, dropping the oldest', async () => {
    const { collector, storage } = collectorWith({ answer: 'retry' });
    for (let i = 0; i < TELEMETRY_MEMORY_BUFFER_EVENTS + 50; i++) collector.receive(view(i % 2 ? '/' : '/privacy'));
    await vi.advanceTimersByTimeAsync(0);
    expect(collector.pending).toBe(TELEMETRY_MEMORY_BUFFER_EVENTS);
    collector.hide();
    expect(storedEvents(storage)).toHaveLength(TELEMETRY_STORED_BUFFER_EVENTS);
  });

  it('flushes a hidden page with beacons under 64 KiB each, and keeps what the browser refused', async () => {
    const storage = new FakeStorage();
    let accepted = 0;
    const beacons: Sent[] = [];
    const { collector } = collectorWith({
      storage,
      reportErrors: true,
      beacon: (body) => {
        if (accepted === 3) return false;
        accepted++;
        beacons.push(parse(body));
        return true;
      },
    });
    for (let i = 0; i < 400; i++) collector.receive(bigError(i));
    collector.hide();
    expect(beacons).toHaveLength(3);
    for (const beacon of beacons) expect(beacon.bytes).toBeLessThan(BEACON_LIMIT_BYTES);
    const beaconed = beacons.reduce((sum, beacon) => sum + beacon.events.length, 0);
    const kept = storedEvents(storage);
    expect(beaconed + kept.length).toBeGreaterThanOrEqual(400 - 170); // at most one full batch was already posted
    expect(String(kept.at(-1)?.message)).toContain('399');
  });

  it('skips the sign-in landing, and records unknown paths as /404 without what they carry', async () => {
    const { collector, posts } = collectorWith();
    collector.receive(view('/auth'));
    collector.receive(view('/cornerstone/pibs'));
    collector.receive(view('/cornerstone/DEMO-CS-1001'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(posts[0]!.events.map((event) => event.path)).toEqual(['/cornerstone/pibs', '/404']);
  });

  it('reports errors only when REPORT_ERRORS is true, scrubbed of addresses and IDs', async () => {
    const off = collectorWith({ reportErrors: false });
    off.collector.receive({ kind: 'error', pathname: '/', error: new Error('boom') });
    off.collector.trackError('/', new Error('boom'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(off.posts).toEqual([]);

    const on = collectorWith({ reportErrors: true });
    on.collector.trackError('/cornerstone/offline', new Error('No answer for DEMO-CS-1001 (jane@example.com)'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    expect(on.posts[0]!.events).toEqual([
      expect.objectContaining({
        kind: 'error',
        path: '/cornerstone/offline',
        message: 'No answer for [id] ([email])',
        stack: expect.any(String),
      }),
    ]);
  });

  it('starts a new random session after 30 idle minutes', async () => {
    const { collector, posts } = collectorWith();
    collector.receive(view('/'));
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    collector.receive(view('/'));
    await vi.advanceTimersByTimeAsync(31 * 60_000);
    collector.receive(view('/'));
    await vi.advanceTimersByTimeAsync(TELEMETRY_BATCH_INTERVAL_MS);
    const sessionsSeen = posts.flatMap((post) => post.events.map((event) => event.session));
    expect(sessionsSeen[0]).toBe(sessionsSeen[1]);
    expect(sessionsSeen[2]).not.toBe(sessionsSeen[1]);
  });
});
