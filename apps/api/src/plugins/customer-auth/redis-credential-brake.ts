import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { BoundedMap } from '../../shared/bounded-map';
import {
  CREDENTIAL_ATTEMPTS_HARD_LIMIT,
  CREDENTIAL_FAILURE_WINDOW_MS,
  CREDENTIAL_FAILURES_ALLOWED,
  CredentialBrake,
  KNOWN_GOOD_FOR_MS,
  KNOWN_GOOD_MAX,
} from './credential-brake';

/** The brake as customer authentication uses it: in memory (CredentialBrake) or in Redis. */
export interface GuessingBrake {
  retryAfterSeconds(client: string, credential: string, now?: number): number | undefined | Promise<number | undefined>;
  recordFailure(client: string, tried: string, now?: number): void | Promise<void>;
  recordSuccess(client: string, credential: string, now?: number): void | Promise<void>;
}

/**
 * The brake's keys, each with a TTL and a bounded size:
 * - `…f:<client>`: sorted set, one member per distinct wrong credential (score: when), at most
 *   CREDENTIAL_FAILURES_ALLOWED, expiring a window after the latest failure;
 * - `…r:<client>`: sorted set of refusals while braked, at most CREDENTIAL_ATTEMPTS_HARD_LIMIT, same TTL;
 * - `…g:<client>:<credential>`: a credential that worked from the client, for KNOWN_GOOD_FOR_MS.
 */
export const BRAKE_KEY_PREFIX = 'portal:brake:';

/** Drops what left the window; returns -1 to let the attempt through, else the seconds to wait (refusal recorded). */
const CHECK = `
local now, window, allowed, hard = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local failures = redis.call('ZCARD', KEYS[1])
if failures < allowed then return -1 end
local refusals = redis.call('ZCARD', KEYS[2])
if failures + refusals < hard and redis.call('EXISTS', KEYS[3]) == 1 then return -1 end
redis.call('ZADD', KEYS[2], now, ARGV[5])
if refusals + 1 > hard then redis.call('ZREMRANGEBYRANK', KEYS[2], 0, refusals - hard) end
redis.call('PEXPIRE', KEYS[2], window)
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
return math.max(1, math.ceil((oldest + window - now) / 1000))
`;

/** One wrong credential: a credential tried again moves to the newest place and still counts once. */
const FAIL = `
local now, window, allowed = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(allowed + 1))
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

interface BrakeCommands {
  brakeCheck(failures: string, refusals: string, knownGood: string, ...args: Array<string | number>): Promise<number>;
  brakeFail(failures: string, ...args: Array<string | number>): Promise<number>;
}

/** How often a known-good credential's life is renewed: a busy customer's every lookup need not write. */
const KNOWN_GOOD_REFRESH_MS = 60_000;

/**
 * The guessing brake with its counts in Redis (docs/decisions/094-limits-in-redis-and-their-outages.md):
 * one budget across every portal, each check and each failure one Lua script (atomic).
 * While Redis is away, the portal brakes with its own memory instead: the budget is then
 * per portal (at most N times 20 guesses for N portals), and customers keep being served.
 */
export class RedisCredentialBrake implements GuessingBrake {
  private readonly redis: Redis & BrakeCommands;
  private readonly fallback = new CredentialBrake();
  /** When this portal last renewed a known-good credential, so most lookups send nothing. */
  private readonly renewed = new BoundedMap<string, number>(KNOWN_GOOD_MAX);

  /** `onOutage`: told of each command that failed (app.redisFailed, which logs the outage once). */
  constructor(
    redis: Redis,
    private readonly onOutage: (error: unknown) => void,
  ) {
    redis.defineCommand('brakeCheck', { numberOfKeys: 3, lua: CHECK });
    redis.defineCommand('brakeFail', { numberOfKeys: 1, lua: FAIL });
    this.redis = redis as Redis & BrakeCommands;
  }

  async retryAfterSeconds(client: string, credential: string, now = Date.now()): Promise<number | undefined> {
    try {
      const seconds = await this.redis.brakeCheck(
        `${BRAKE_KEY_PREFIX}f:${client}`,
        `${BRAKE_KEY_PREFIX}r:${client}`,
        knownGoodKey(client, credential),
        now,
        CREDENTIAL_FAILURE_WINDOW_MS,
        CREDENTIAL_FAILURES_ALLOWED,
        CREDENTIAL_ATTEMPTS_HARD_LIMIT,
        `${now}:${randomBytes(6).toString('base64url')}`,
      );
      return seconds < 0 ? undefined : seconds;
    } catch (error) {
      this.onOutage(error);
      return this.fallback.retryAfterSeconds(client, credential, now);
    }
  }

  async recordFailure(client: string, tried: string, now = Date.now()): Promise<void> {
    try {
      await this.redis.brakeFail(
        `${BRAKE_KEY_PREFIX}f:${client}`,
        now,
        CREDENTIAL_FAILURE_WINDOW_MS,
        CREDENTIAL_FAILURES_ALLOWED,
        tried,
      );
    } catch (error) {
      this.onOutage(error);
      this.fallback.recordFailure(client, tried, now);
    }
  }

  async recordSuccess(client: string, credential: string, now = Date.now()): Promise<void> {
    // Kept in memory too, so a portal still knows its own customers while Redis is away.
    this.fallback.recordSuccess(client, credential, now);
    const key = knownGoodKey(client, credential);
    const at = this.renewed.get(key);
    if (at !== undefined && now - at <= KNOWN_GOOD_REFRESH_MS) return;
    try {
      await this.redis.set(key, '1', 'PX', KNOWN_GOOD_FOR_MS);
      this.renewed.set(key, now);
    } catch (error) {
      this.onOutage(error);
    }
  }
}

function knownGoodKey(client: string, credential: string): string {
  return `${BRAKE_KEY_PREFIX}g:${client}:${credential}`;
}
