import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../test/redis-server';
import {
  CREDENTIAL_ATTEMPTS_HARD_LIMIT,
  CREDENTIAL_FAILURE_WINDOW_MS,
  CREDENTIAL_FAILURES_ALLOWED,
  CredentialBrake,
} from './credential-brake';
import { BRAKE_KEY_PREFIX, RedisCredentialBrake, type GuessingBrake } from './redis-credential-brake';

/**
 * The brake's rules, the same in memory and in Redis (docs/decisions/094): each case runs on
 * a CredentialBrake and on a RedisCredentialBrake over a real redis-server, on a given clock.
 */
let server: RedisServer;
let redis: Redis;
const outages: unknown[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  await redis.connect();
});
afterAll(async () => {
  redis?.disconnect();
  await server?.close();
});
beforeEach(async () => {
  await redis.flushall();
  outages.length = 0;
});

const kinds: Array<[string, () => GuessingBrake]> = [
  ['in memory', () => new CredentialBrake()],
  ['in Redis', () => new RedisCredentialBrake(redis, (error) => outages.push(error))],
];

async function guess(brake: GuessingBrake, client: string, count: number, start = 1_000_000) {
  for (let failure = 0; failure < count; failure++)
    await brake.recordFailure(client, `wrong-${failure}`, start + failure * 1000);
}

describe.each(kinds)('the guessing brake %s', (_kind, make) => {
  it('brakes a client after 20 distinct wrong credentials within 10 minutes, until the oldest ages out', async () => {
    const brake = make();
    const start = 1_000_000;
    for (let failure = 0; failure < CREDENTIAL_FAILURES_ALLOWED; failure++) {
      expect(await brake.retryAfterSeconds('a', 'next', start + failure * 1000)).toBeUndefined();
      await brake.recordFailure('a', `wrong-${failure}`, start + failure * 1000);
    }
    const now = start + 20_000;
    expect(await brake.retryAfterSeconds('a', 'next', now)).toBe((CREDENTIAL_FAILURE_WINDOW_MS - 20_000) / 1000);
    expect(await brake.retryAfterSeconds('b', 'next', now)).toBeUndefined();
    expect(await brake.retryAfterSeconds('a', 'next', start + CREDENTIAL_FAILURE_WINDOW_MS + 1)).toBeUndefined();
    expect(outages).toEqual([]);
  });

  it('counts a wrong credential tried again as one failure', async () => {
    const brake = make();
    for (let retry = 0; retry < 100; retry++) await brake.recordFailure('a', 'stale-id', 1_000_000 + retry);
    expect(await brake.retryAfterSeconds('a', 'stale-id', 1_000_200)).toBeUndefined();
  });

  it('lets a credential that worked from the address through while braked, and nowhere else', async () => {
    const brake = make();
    await brake.recordSuccess('building', 'customer-id', 900_000);
    await guess(brake, 'building', CREDENTIAL_FAILURES_ALLOWED);
    expect(await brake.retryAfterSeconds('building', 'customer-id', 1_100_000)).toBeUndefined();
    expect(await brake.retryAfterSeconds('building', 'unknown-id', 1_100_000)).toBeGreaterThan(0);
    await guess(brake, 'elsewhere', CREDENTIAL_FAILURES_ALLOWED);
    expect(await brake.retryAfterSeconds('elsewhere', 'customer-id', 1_100_000)).toBeGreaterThan(0);
  });

  it('refuses even known-good credentials past the hard limit of attempts', async () => {
    const brake = make();
    await brake.recordSuccess('building', 'customer-id', 900_000);
    await guess(brake, 'building', CREDENTIAL_FAILURES_ALLOWED);
    for (let refusal = 0; refusal < CREDENTIAL_ATTEMPTS_HARD_LIMIT - CREDENTIAL_FAILURES_ALLOWED; refusal++) {
      expect(await brake.retryAfterSeconds('building', `guess-${refusal}`, 1_100_000 + refusal)).toBeGreaterThan(0);
    }
    expect(await brake.retryAfterSeconds('building', 'customer-id', 1_100_100)).toBeGreaterThan(0);
  });
});

describe('the guessing brake in Redis', () => {
  it('keeps at most 20 failures and 40 refusals per client, each key expiring with the window', async () => {
    const brake = kinds[1]![1]();
    const now = Date.now();
    await guess(brake, 'c', 3 * CREDENTIAL_FAILURES_ALLOWED, now);
    for (let refusal = 0; refusal < 3 * CREDENTIAL_ATTEMPTS_HARD_LIMIT; refusal++) {
      await brake.retryAfterSeconds('c', 'next', now + 60_000);
    }
    expect(await redis.zcard(`${BRAKE_KEY_PREFIX}f:c`)).toBe(CREDENTIAL_FAILURES_ALLOWED);
    expect(await redis.zcard(`${BRAKE_KEY_PREFIX}r:c`)).toBe(CREDENTIAL_ATTEMPTS_HARD_LIMIT);
    for (const key of [`${BRAKE_KEY_PREFIX}f:c`, `${BRAKE_KEY_PREFIX}r:c`]) {
      expect(await redis.pttl(key)).toBeGreaterThan(CREDENTIAL_FAILURE_WINDOW_MS - 5_000);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(CREDENTIAL_FAILURE_WINDOW_MS);
    }
  });

  it('brakes in memory while Redis is away, and says so', async () => {
    const brake = kinds[1]![1]();
    await server.stop();
    try {
      await guess(brake, 'd', CREDENTIAL_FAILURES_ALLOWED);
      expect(await brake.retryAfterSeconds('d', 'next', 1_030_000)).toBeGreaterThan(0);
      expect(await brake.retryAfterSeconds('e', 'next', 1_030_000)).toBeUndefined();
      expect(outages.length).toBeGreaterThan(0);
    } finally {
      await server.start();
    }
  });
});
