import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { listenToChannel } from '../../shared/pg-listener';
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

/**
 * The catalogue is read on every lookup and changes only when someone publishes, so it is
 * held in memory and reloaded on the first lookup after a publish.
 */
export class CatalogueCache {
  private current: Promise<CatalogueSnapshot> | undefined;
  private currentLoaded: CatalogueSnapshot | undefined;

  constructor(private readonly db: Database) {}

  get(): Promise<CatalogueSnapshot> {
    if (!this.current) {
      const loading = loadSnapshot(this.db);
      this.current = loading;
      loading.then(
        (snapshot) => {
          if (this.current === loading) this.currentLoaded = snapshot;
        },
        // A failed load is not cached: the next lookup tries again.
        () => {
          if (this.current === loading) this.current = undefined;
        },
      );
    }
    return this.current;
  }

  /**
   * The snapshot `get()` would give, when it is already loaded; undefined while none is
   * (then use `get()`). For the hottest lookups: no promise turn (decision 160).
   */
  loaded(): CatalogueSnapshot | undefined {
    return this.currentLoaded;
  }

  /**
   * Drops the snapshot, so the next `get()` loads the catalogue anew. Given the change this
   * process just committed, it remembers it: that change's own NOTIFY, which arrives a moment
   * later, then drops nothing (`published`), instead of making every lookup wait for a second
   * load of the same catalogue. Changes commit one at a time under the import lock, in the
   * order of their numbers, so a load after change N has every change up to N.
   */
  invalidate(afterChange?: number): void {
    if (afterChange !== undefined) this.newestChangeSeen = Math.max(this.newestChangeSeen, afterChange);
    this.current = undefined;
    this.currentLoaded = undefined;
  }

  /** A publish's NOTIFY (its payload the change's number): drops the snapshot unless it already has that change. */
  published(payload: string | undefined): void {
    const change = Number(payload);
    if (payload !== undefined && Number.isSafeInteger(change) && change <= this.newestChangeSeen) return;
    this.invalidate(Number.isSafeInteger(change) ? change : undefined);
  }

  private newestChangeSeen = 0;
}

/**
 * Keeps one connection LISTENing for publishes, from this process or any other. While the
 * connection is down a publish could be missed, so every (re)connect invalidates too.
 */
export function listenForPublishes(
  pool: pg.Pool,
  cache: CatalogueCache,
  log: FastifyBaseLogger,
  onPublish: () => void = () => {},
) {
  const invalidate = () => cache.invalidate();
  const published = (payload: string | undefined) => {
    onPublish();
    cache.published(payload);
  };
  return listenToChannel(
    pool,
    CATALOGUE_PUBLISHED_CHANNEL,
    { notification: published, reset: invalidate },
    log,
    'catalogue publishes',
  );
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
