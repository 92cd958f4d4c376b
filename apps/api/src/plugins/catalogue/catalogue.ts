import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Database } from '../../db/connect';
import { loadSnapshot, type CatalogueSnapshot } from './catalogue-snapshot';

declare module 'fastify' {
  interface FastifyInstance {
    /** The published catalogue, from memory; reloaded after a publish (docs/decisions/033-catalogue-cache.md). */
    catalogue: CatalogueCache;
  }
}

/** The channel an import notifies when it commits, so every server drops its cached catalogue. */
export const CATALOGUE_PUBLISHED_CHANNEL = 'catalogue_published';

const RELISTEN_DELAY_MS = 1_000;

/**
 * The catalogue is read on every lookup and changes only when someone publishes, so it is
 * held in memory and reloaded on the first lookup after a publish.
 */
export class CatalogueCache {
  private current: Promise<CatalogueSnapshot> | undefined;

  constructor(private readonly db: Database) {}

  get(): Promise<CatalogueSnapshot> {
    if (!this.current) {
      const loading = loadSnapshot(this.db);
      this.current = loading;
      // A failed load is not cached: the next lookup tries again.
      loading.catch(() => {
        if (this.current === loading) this.current = undefined;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.current = undefined;
  }
}

/**
 * Keeps one connection LISTENing for publishes, from this process or any other. It is a
 * client of its own, outside the pool, so that ending the pool never waits for it. While
 * the connection is down a publish could be missed, so every (re)connect invalidates too.
 */
export function listenForPublishes(
  pool: pg.Pool,
  cache: CatalogueCache,
  log: FastifyBaseLogger,
  onPublish: () => void = () => {},
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  const connect = async () => {
    if (stopped) return;
    const connection = new pg.Client(pool.options);
    connection.on('notification', () => {
      onPublish();
      cache.invalidate();
    });
    connection.on('error', (error) => {
      log.warn({ err: error }, 'lost the catalogue LISTEN connection; reconnecting');
      if (client === connection) client = undefined;
      void connection.end().catch(() => {});
      cache.invalidate();
      retry();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CATALOGUE_PUBLISHED_CHANNEL}`);
    } catch (error) {
      await connection.end().catch(() => {});
      if (!stopped) log.warn({ err: error }, 'could not LISTEN for catalogue publishes; retrying');
      retry();
      return;
    }
    if (stopped) {
      await connection.end().catch(() => {});
      return;
    }
    client = connection;
    cache.invalidate();
  };

  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await ready;
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}

export default fp(
  async function catalogue(app: FastifyInstance) {
    const cache = new CatalogueCache(app.db);
    const listener = listenForPublishes(app.pool, cache, app.log, () => app.metrics.publishesSeen.inc());
    app.decorate('catalogue', cache);
    app.addHook('onClose', async () => listener.stop());
  },
  { name: 'catalogue', dependencies: ['database', 'metrics'] },
);
