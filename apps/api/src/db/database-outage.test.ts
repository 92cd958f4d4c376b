import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseAvailability, isDatabaseUnavailable } from './database-outage';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As drizzle hands a driver's error to a route: its own message names the query, the cause is the driver's. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('which errors mean the database cannot be reached', () => {
  it.each([
    ['nothing listens on its port', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['its postmaster died', withCode('terminating connection due to unexpected postmaster exit', '57P01')],
    ['another backend crashed', withCode('terminating connection because of crash of another server process', '57P02')],
    ['it is starting up or recovering', withCode('the database system is in recovery mode', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['pg lost the connection', new Error('Connection terminated unexpectedly')],
    ['pg-pool timed out connecting', new Error('timeout exceeded when trying to connect')],
  ])('%s: unavailable, also wrapped by drizzle', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a missing table', withCode('relation "x" does not exist', '42P01')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s: a fault, not an outage', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('the database outage owner', () => {
  afterEach(() => vi.useRealTimers());

  it('logs an outage once, without the query, and its end once, when the database answers again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    let answers = false;
    const pool = { query: async () => (answers ? { rows: [] } : Promise.reject(new Error('connect ECONNREFUSED'))) };
    const lines: string[] = [];
    const log = {
      warn: (line: string) => lines.push(`warn ${line}`),
      info: (line: string) => lines.push(`info ${line}`),
    };
    const availability = new DatabaseAvailability(pool as never, log);
    expect(availability.up).toBe(true);

    const refused = wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    availability.failed(refused);
    availability.failed(refused);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(availability.up).toBe(false);
    expect(lines).toEqual([
      'warn The database is unreachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432): what needs it answers 503 until it is back',
    ]);

    answers = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(availability.up).toBe(true);
    expect(lines[1]).toMatch(/^info The database is back after \d+\.\d s$/);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toHaveLength(2);
    availability.stop();
  });
});
