import { afterEach, describe, expect, it, vi } from 'vitest';
import { superviseEmbeddedServer } from './embedded-supervisor';

/** A server whose postmaster lives while `alive` holds its pid; `restart` fails `failures` times first. */
function fakeServer(failures = 0) {
  const server = {
    pid: 100,
    alive: new Set([100]),
    restarts: [] as number[],
    failures,
    postmasterPid: async () => server.pid,
    restart: async (timeoutSeconds: number) => {
      server.restarts.push(timeoutSeconds);
      if (server.failures-- > 0) throw new Error('pg_ctl start failed: could not start server');
      server.pid += 1;
      server.alive.add(server.pid);
    },
  };
  return server;
}

function supervise(server: ReturnType<typeof fakeServer>) {
  const events: string[] = [];
  const supervisor = superviseEmbeddedServer(server, {
    down: (reason) => events.push(`down: ${reason}`),
    restarted: (line) => events.push(`restarted: ${line}`),
    warn: (line) => events.push(`warn: ${line}`),
    gaveUp: (line) => events.push(`gave up: ${line}`),
    isAlive: (pid) => server.alive.has(pid),
  });
  return { supervisor, events };
}

describe('the embedded PostgreSQL supervisor', () => {
  afterEach(() => vi.useRealTimers());

  it('leaves a living server alone, and starts a dead one again within two seconds, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    const server = fakeServer();
    const { supervisor, events } = supervise(server);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events).toEqual([]);

    server.alive.delete(100);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(events).toEqual([
      'down: the embedded PostgreSQL server, process 100, stopped; starting it again',
      expect.stringMatching(
        /^restarted: Started the embedded PostgreSQL server again as process 101 after \d+\.\d s \(attempt 1;/,
      ),
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events).toHaveLength(2);
    supervisor.stop();
  });

  it('backs off between failed attempts, each told in a line, until one works', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    const server = fakeServer(3);
    const { supervisor, events } = supervise(server);
    server.alive.delete(100);
    await vi.advanceTimersByTimeAsync(1_000 + 500 + 1_000 + 2_000 + 4_000 + 100);
    expect(events.filter((event) => event.startsWith('warn'))).toEqual([
      expect.stringContaining('(attempt 1: pg_ctl start failed: could not start server); next attempt in 1 s'),
      expect.stringContaining('(attempt 2: pg_ctl start failed: could not start server); next attempt in 2 s'),
      expect.stringContaining('(attempt 3: pg_ctl start failed: could not start server); next attempt in 4 s'),
    ]);
    expect(events.at(-1)).toMatch(/^restarted: .* as process 101 .*\(attempt 4;/);
    // Each attempt may take what is left of the bound, never less than a second.
    expect(server.restarts.every((seconds) => seconds >= 1 && seconds <= 60)).toBe(true);
    supervisor.stop();
  });

  it('gives up once when the server does not come back within the bound, so the portal exits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    const server = fakeServer(Infinity);
    const { supervisor, events } = supervise(server);
    server.alive.delete(100);
    await vi.advanceTimersByTimeAsync(120_000);
    const gaveUp = events.filter((event) => event.startsWith('gave up'));
    expect(gaveUp).toEqual([
      'gave up: The embedded PostgreSQL server did not come back within 60 s (pg_ctl start failed: could not start server): exiting so that the service manager starts the portal again',
    ]);
    expect(events.some((event) => event.startsWith('restarted'))).toBe(false);
    supervisor.stop();
  });

  it('does nothing once stopped: the portal stopping its server is no death', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    const server = fakeServer();
    const { supervisor, events } = supervise(server);
    supervisor.stop();
    server.alive.delete(100);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events).toEqual([]);
    expect(server.restarts).toEqual([]);
  });
});
