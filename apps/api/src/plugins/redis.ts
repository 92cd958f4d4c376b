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
  }
}

/** How long start-up waits for Redis before it gives up. */
const CONNECT_WAIT_MS = 10_000;
/** A command that takes longer counts as an outage: no request waits on a hung Redis. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The connection to REDIS_URL (docs/decisions/094-limits-in-redis-and-their-outages.md).
 * Commands fail at once while Redis is away (no offline queue, no retries), so each limit
 * answers by its own outage rule instead of holding requests; the client reconnects by
 * itself, and the log says once when Redis goes and once when it is back.
 */
export default fp(
  async function redis(app: FastifyInstance) {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', undefined);
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
    client.on('ready', () => {
      if (!up) app.log.info(`Redis at ${redactUrl(url)} is ready`);
      up = true;
    });
    client.on('error', (error: Error) => {
      // ioredis repeats the error at every reconnection attempt: say it once per outage.
      if (up)
        app.log.warn(`Redis at ${redactUrl(url)} is unreachable (${error.message}); limits follow their outage rules`);
      up = false;
    });
    await Promise.race([
      client.connect(),
      new Promise((_resolve, reject) =>
        setTimeout(
          () => reject(new Error(`Redis at ${redactUrl(url)} did not answer within ${CONNECT_WAIT_MS / 1000} s`)),
          CONNECT_WAIT_MS,
        ).unref(),
      ),
    ]).catch((error: unknown) => {
      client.disconnect();
      throw error;
    });
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
