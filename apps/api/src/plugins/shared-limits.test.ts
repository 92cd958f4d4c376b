import { SERVICE_OUTAGES, SIGN_IN_PATHS, TELEMETRY_PATHS } from '@portal/contracts';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, waitForSignInLink } from '../../../../test-kit/outbox';
import { DEMO, importFolder } from '../../test/demo-portal';
import { startRedisServer, type RedisServer } from '../../test/redis-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config/config';
import { DEMO_CATALOGUE_DIR } from '../paths';
import { blobStoreOf } from './blob-store';
import {
  CREDENTIAL_FAILURE_WINDOW_MS,
  CREDENTIAL_FAILURES_ALLOWED,
  KNOWN_GOOD_FOR_MS,
} from './customer-auth/credential-brake';

/**
 * Two portals on one database and one real redis-server (REDIS_URL), as behind a load
 * balancer: every limit and the guessing brake spend one budget across both, and a Redis
 * outage is met by each limit's own rule (docs/decisions/094-limits-in-redis-and-their-outages.md).
 */
let redis: RedisServer;
let database: TestDatabase;
let dataDir: string;
let portals: App[];
let inspector: Redis;
let nextClient = 1;
const freshClient = () => `203.0.113.${nextClient++}`;

beforeAll(async () => {
  redis = await startRedisServer();
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-shared-limits-'));
  const secretKey = randomBytes(32);
  const blobStore = blobStoreOf(dataDir);
  await importFolder(DEMO_CATALOGUE_DIR, { db: database.db, secretKey, blobStore });
  const config = loadConfig({ DATA_DIR: dataDir, REDIS_URL: redis.url, STAFF_EMAIL_DOMAINS: 'example.com' });
  portals = [];
  for (let portal = 0; portal < 2; portal++) {
    const app = await buildApp({ config, db: database.db, pool: database.pool, secretKey, blobStore });
    app.log.level = 'silent';
    portals.push(app);
  }
  inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  // It sees the outages this file makes on purpose.
  inspector.on('error', () => {});
  await inspector.connect();
});

afterAll(async () => {
  inspector?.disconnect();
  for (const app of portals ?? []) await app.close();
  await database?.drop();
  await redis?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const lookup = (app: App, authorization: string, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/v1/Cornerstone/versions', headers: { authorization }, remoteAddress });
const missing = (app: App, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/v1/no-such-thing', remoteAddress });
const telemetry = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: TELEMETRY_PATHS.ingest,
    remoteAddress,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
    payload: JSON.stringify({
      events: [
        { kind: 'page-view', at: Date.now(), session: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', path: '/cornerstone' },
      ],
    }),
  });
const newStaffAddress = () => `staff-${randomBytes(4).toString('hex')}@example.com`;
const signInRequest = (app: App, remoteAddress: string, email = newStaffAddress()) =>
  app.inject({
    method: 'PUT',
    url: SIGN_IN_PATHS.linkRequests,
    remoteAddress,
    payload: { email, redirectPath: '/' },
  });
const signInExchange = (app: App, remoteAddress: string, token: string) =>
  app.inject({ method: 'POST', url: SIGN_IN_PATHS.sessions, remoteAddress, payload: { token } });
/** What a closed limit answers while Redis is away (docs/decisions/094): the words, the wait, nothing of the cause. */
function expectSignInPaused(answer: Awaited<ReturnType<typeof signInRequest>>) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(SERVICE_OUTAGES.signInLimits.retryAfterSeconds));
  expect(answer.json()).toEqual({ message: SERVICE_OUTAGES.signInLimits.message, code: 'service-unavailable' });
}

describe('with REDIS_URL, one budget across every portal', () => {
  it('brakes a guesser whose 20 wrong IDs went half to one portal and half to the other, on both', async () => {
    const guesser = freshClient();
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_ALLOWED; attempt++) {
      const response = await lookup(portals[attempt % 2]!, `Hasp id=GUESS-${attempt}`, guesser);
      expect(response.statusCode).toBe(401);
    }
    for (const app of portals) {
      const braked = await lookup(app, DEMO.CS, guesser);
      expect(braked.statusCode).toBe(429);
      expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A customer elsewhere is untouched.
    expect((await lookup(portals[1]!, DEMO.CS, freshClient())).statusCode).toBe(200);
  });

  it('lets a customer whose ID worked through one portal keep using it through the other while its address is braked', async () => {
    const building = freshClient();
    expect((await lookup(portals[0]!, DEMO.CS, building)).statusCode).toBe(200);
    for (let attempt = 0; attempt < CREDENTIAL_FAILURES_ALLOWED; attempt++) {
      await lookup(portals[1]!, `Hasp id=NAT-GUESS-${attempt}`, building);
    }
    expect((await lookup(portals[1]!, DEMO.CS, building)).statusCode).toBe(200);
    expect((await lookup(portals[1]!, DEMO.ONH, building)).statusCode).toBe(429);
  });

  it('counts a rate limit across portals, and keeps each limit to its own count', async () => {
    const scanner = freshClient();
    for (let request = 0; request < 120; request++) {
      expect((await missing(portals[request % 2]!, scanner)).statusCode).toBe(404);
    }
    expect((await missing(portals[0]!, scanner)).statusCode).toBe(429);
    expect((await missing(portals[1]!, scanner)).statusCode).toBe(429);
    // Another limit of the same client has its own budget.
    expect((await telemetry(portals[0]!, scanner)).statusCode).toBe(202);
  });

  it('keeps every count under a key that expires, and no more of it than the brake needs', async () => {
    const guesser = freshClient();
    for (let attempt = 0; attempt < 3 * CREDENTIAL_FAILURES_ALLOWED; attempt++) {
      await lookup(portals[attempt % 2]!, `Hasp id=MANY-${attempt}`, guesser);
    }
    expect(await inspector.zcard(`portal:brake:f:${guesser}`)).toBe(CREDENTIAL_FAILURES_ALLOWED);
    const keys = await inspector.keys('portal:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await inspector.pttl(key);
      const longest = key.startsWith('portal:brake:g:') ? KNOWN_GOOD_FOR_MS : CREDENTIAL_FAILURE_WINDOW_MS;
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(longest);
    }
    // Nothing in Redis holds a registration ID: the brake knows credentials by their keyed digest.
    expect(keys.join(' ')).not.toMatch(/DEMO-CS|MANY-/);
  });
});

describe('while Redis is away, each limit follows its outage rule', () => {
  it('serves customers and still brakes guessers (in memory), lets telemetry and 404s through, refuses sign-in links with 503; all as before once Redis is back', async () => {
    await redis.stop();
    try {
      const app = portals[0]!;
      // The brake: customers keep being served…
      expect((await lookup(app, DEMO.CS, freshClient())).statusCode).toBe(200);
      // …and a guesser is still braked, by this portal's own memory.
      const guesser = freshClient();
      for (let attempt = 0; attempt < CREDENTIAL_FAILURES_ALLOWED; attempt++) {
        expect((await lookup(app, `Hasp id=OUTAGE-${attempt}`, guesser)).statusCode).toBe(401);
      }
      expect((await lookup(app, DEMO.CS, guesser)).statusCode).toBe(429);
      // Per portal, as the rule says (N × 20 for N portals): the other portal's memory has its own 20.
      for (let attempt = 0; attempt < CREDENTIAL_FAILURES_ALLOWED; attempt++) {
        expect((await lookup(portals[1]!, `Hasp id=OTHER-${attempt}`, guesser)).statusCode).toBe(401);
      }
      expect((await lookup(portals[1]!, `Hasp id=OTHER-MORE`, guesser)).statusCode).toBe(429);
      // Open: telemetry (skipOnError) and the not-found limit let traffic through.
      expect((await telemetry(app, freshClient())).statusCode).toBe(202);
      expect((await missing(app, freshClient())).statusCode).toBe(404);
      // Closed: a sign-in link request would send mail uncounted.
      const refused = await signInRequest(app, freshClient());
      expectSignInPaused(refused);
      expect(refused.body).not.toMatch(/redis|ECONNREFUSED|127\.0\.0\.1/i);
    } finally {
      await redis.start();
    }
    // The portals reconnect by themselves.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await signInRequest(portals[0]!, freshClient())).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    // …and the brake counts in Redis again, one budget for both portals.
    const counted = freshClient();
    await expect
      .poll(
        async () => {
          await lookup(portals[1]!, `Hasp id=BACK-${randomBytes(3).toString('hex')}`, counted);
          return inspector.zcard(`portal:brake:f:${counted}`).catch(() => 0);
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0);
  });
});

describe('while Redis is away, sign-in is closed and nothing of it is lost', () => {
  it('refuses a link request before it stores or mails anything, and an exchange without spending the link; both work once Redis is back', async () => {
    const [app, other] = [portals[0]!, portals[1]!];
    const client = freshClient();
    // A link asked for while Redis is there…
    const email = newStaffAddress();
    expect((await signInRequest(app, client, email)).statusCode).toBe(200);
    const link = await waitForSignInLink(email, dataDir);
    const token = link.searchParams.get('bearer')!;
    const late = newStaffAddress();

    await redis.stop();
    try {
      // …cannot be traded for a session while Redis is away, on either portal: the exchange is closed.
      expectSignInPaused(await signInExchange(app, client, token));
      expectSignInPaused(await signInExchange(other, client, token));
      // A new request is refused before the route runs: no mail, no link stored.
      expectSignInPaused(await signInRequest(other, client, late));
      expect(await mailsTo(late, dataDir)).toEqual([]);
      const { rows } = await database.pool.query('SELECT 1 FROM sign_in_links WHERE email = $1', [late]);
      expect(rows).toEqual([]);
    } finally {
      await redis.start();
    }

    // Back: both portals reconnect by themselves; the link was not spent and signs in once.
    await expect
      .poll(async () => (await signInExchange(other, client, token)).statusCode, { timeout: 5_000 })
      .toBe(200);
    // The other portal reconnects on its own clock: once it answers, the spent link is refused.
    await expect
      .poll(async () => (await signInExchange(app, client, token)).statusCode, { timeout: 5_000 })
      .not.toBe(503);
    expect((await signInExchange(app, client, token)).statusCode).toBe(400);
    await expect
      .poll(async () => (await signInRequest(app, freshClient(), late)).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(await mailsTo(late, dataDir)).toHaveLength(1);
  });

  it('a portal that starts while Redis is down waits for it, and serves once it is up', async () => {
    await redis.stop();
    const config = loadConfig({ DATA_DIR: dataDir, REDIS_URL: redis.url, STAFF_EMAIL_DOMAINS: 'example.com' });
    const starting = buildApp({
      config,
      db: database.db,
      pool: database.pool,
      secretKey: portals[0]!.secretKey,
      blobStore: blobStoreOf(dataDir),
    });
    // Started before Redis, as after a reboot: it must not have given up in the meantime.
    const gaveUp = await Promise.race([
      starting.then(
        () => false,
        () => true,
      ),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 1_000)),
    ]);
    await redis.start();
    expect(gaveUp).toBe('waiting');
    const app = await starting;
    try {
      app.log.level = 'silent';
      expect((await signInRequest(app, freshClient())).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('an outage in the log', () => {
  /** A third portal on the same Redis whose log lines the test reads. */
  async function loggedPortal() {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: dataDir, REDIS_URL: redis.url, STAFF_EMAIL_DOMAINS: 'example.com' });
    const app = await buildApp(
      {
        config,
        db: database.db,
        pool: database.pool,
        // The demo catalogue's registrations are digests under the key it was imported with.
        secretKey: portals[0]!.secretKey,
        blobStore: blobStoreOf(dataDir),
      },
      { logger: { level: 'info', stream } },
    );
    return {
      app,
      said: (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg)),
      // Warnings and errors: the redis plugin's one line, and nothing from the guessing brake or the limits.
      problems: () => lines.filter((line) => line.level >= 40).map((line) => line.msg),
    };
  }
  const OUTAGE_LINE = /^Redis at redis:\/\/\S+ is unreachable \(/;

  it('is one warning, however many limits and brake checks meet it, and one line when Redis is back', async () => {
    const { app, said, problems } = await loggedPortal();
    try {
      await redis.stop();
      try {
        const guesser = freshClient();
        for (let attempt = 0; attempt < 5; attempt++) {
          expect((await lookup(app, `Hasp id=LOGGED-${attempt}`, guesser)).statusCode).toBe(401);
        }
        expect((await lookup(app, DEMO.CS, freshClient())).statusCode).toBe(200);
        expect((await signInRequest(app, freshClient())).statusCode).toBe(503);
        expect((await telemetry(app, freshClient())).statusCode).toBe(202);
        await expect.poll(() => said(/unreachable/i).length, { timeout: 5000 }).toBe(1);
      } finally {
        await redis.start();
      }
      expect(problems()).toEqual([expect.stringMatching(OUTAGE_LINE)]);
      // Back: said once more when the connection is ready again.
      await expect.poll(() => said(/is ready/).length, { timeout: 5000 }).toBe(2);
      expect(said(/unreachable/i)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('is one warning too when Redis hangs with the connection open, and one line when it answers again', async () => {
    const { app, said, problems } = await loggedPortal();
    try {
      // Every client's commands wait (the connection stays open): each brake check times out.
      await inspector.call('CLIENT', 'PAUSE', '2500', 'ALL');
      const guesser = freshClient();
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await lookup(app, `Hasp id=HUNG-${attempt}`, guesser)).statusCode).toBe(401);
      }
      expect(problems()).toEqual([expect.stringMatching(OUTAGE_LINE)]);
      expect(problems()[0]).toMatch(/timed out/i);
      await expect.poll(() => said(/is ready/).length, { timeout: 8000 }).toBe(2);
      expect(problems()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('without REDIS_URL', () => {
  it('keeps the limits in memory: a Redis outage does not exist for it', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      // Portals of one database share its SECRET_KEY: the CSAF signing key kept there is sealed with it.
      secretKey: portals[0]!.secretKey,
      blobStore: blobStoreOf(dataDir),
    });
    try {
      expect(app.redis).toBeUndefined();
      await redis.stop();
      expect((await signInRequest(app, freshClient())).statusCode).toBe(200);
    } finally {
      await app.close();
      await redis.start();
    }
  });
});
