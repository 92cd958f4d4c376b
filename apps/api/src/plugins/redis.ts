import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { redactUrl } from '../config/config';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Redis server of REDIS_URL, shared by every portal behind the load balancer, or
     * undefined: the limits then live in this process's memory.
     */
    redis: Redis | undefined;
    /**
     * Tells the redis plugin that a command failed (the guessing brake, a limit closed by
     * its outage rule): the one owner of the outage's log line, which it writes once per
     * outage. Without REDIS_URL it does nothing.
     */
    redisFailed(error: unknown): void;
  }
}

/** How long start-up waits for Redis before it gives up. */
const CONNECT_WAIT_MS = 10_000;
/** A command that takes longer counts as an outage: no request waits on a hung Redis. */
const COMMAND_TIMEOUT_MS = 500;
/** While commands fail on a connection that stays open (a hung server), how often it is asked whether it is back. */
const PROBE_EVERY_MS = 1_000;

/**
 * The connection to REDIS_URL (docs/decisions/094-limits-in-redis-and-their-outages.md).
 * Commands fail at once while Redis is away (no offline queue, no retries), so each limit
 * answers by its own outage rule instead of holding requests; the client reconnects by
 * itself. The log says once when Redis goes and once when it is back, here and nowhere
 * else: the connection dropping, a reconnection failing and a command failing
 * (`app.redisFailed`, from the guessing brake and the closed limits) are one outage.
 */
export default fp(
  async function redis(app: FastifyInstance) {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', undefined);
      app.decorate('redisFailed', () => {});
      return;
    }
    const client = new Redis(url.toString(), {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let up = false;
    let closing = false;
    let probe: NodeJS.Timeout | undefined;
    /** Why the last connection attempt failed: what start-up's line says if Redis never answers. */
    let lastError: string | undefined;
    const back = () => {
      clearInterval(probe);
      probe = undefined;
      if (!up && !closing) app.log.info(`Redis at ${redactUrl(url)} is ready`);
      up = true;
    };
    const gone = (why: string) => {
      if (up && !closing) {
        app.log.warn(
          `Redis at ${redactUrl(url)} is unreachable (${why}); limits follow their outage rules, the guessing brake brakes in memory`,
        );
      }
      up = false;
    };
    client.on('ready', back);
    client.on('error', (error: Error) => {
      lastError = error.message;
      gone(error.message);
    });
    client.on('close', () => gone('the connection closed'));
    app.decorate('redisFailed', (error: unknown) => {
      gone(error instanceof Error ? error.message : String(error));
      // A reconnection says when it is back ('ready'); a connection that stayed open is asked.
      if (client.status !== 'ready' || probe || closing) return;
      probe = setInterval(() => {
        client.ping().then(back, () => {});
      }, PROBE_EVERY_MS).unref();
    });
    // Start-up waits for Redis (a portal started with it, or just before it): a refused first
    // attempt rejects connect() at once, but the client goes on trying (retryStrategy), so what
    // is awaited is `ready`, for CONNECT_WAIT_MS at most.
    const ready = new Promise<void>((resolve) => client.once('ready', () => resolve()));
    client.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ready,
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => {
          const why = lastError ? ` (${lastError})` : '';
          reject(new Error(`Redis at ${redactUrl(url)} did not answer within ${CONNECT_WAIT_MS / 1000} s${why}`));
        }, CONNECT_WAIT_MS);
      }),
    ])
      .catch((error: unknown) => {
        client.disconnect();
        throw error;
      })
      .finally(() => clearTimeout(timer));
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(probe);
      await client.quit().catch(() => client.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
