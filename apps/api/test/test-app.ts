import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { loadConfig } from '../src/config/config';
import { buildApp, type App } from '../src/app';
import { blobStoreFor } from '../src/plugins/blob-store';
import type { WebBuild } from '../src/web/web-build';
import { makeDataDir, removeDataDir } from '../../../test-kit/portal-process';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  /** DATA_DIR: a temporary folder of this app's own with `withDataDir`, removed by close(). */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh database, driven with app.inject(): no port, no network. */
export async function createTestApp({
  env = {},
  webBuild,
  routes,
  options = {},
  withDataDir = false,
}: {
  env?: Record<string, string>;
  /** Fastify options as server.ts would pass them (a logger, for a test that reads the log). */
  options?: FastifyServerOptions;
  webBuild?: WebBuild;
  /** Extra routes for a test, registered before the app is sealed. */
  routes?: (app: App) => void;
  /** A temporary DATA_DIR (for the outbox, read with test-kit/outbox.ts), instead of none. */
  withDataDir?: boolean;
} = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = env.DATA_DIR ?? (withDataDir ? await makeDataDir() : '/nonexistent');
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  // Opened as start-up opens it, and closed after the app as start-up does.
  const blobStore = await blobStoreFor(config);
  const app = await buildApp(
    {
      config,
      db: database.db,
      pool: database.pool,
      secretKey: config.secretKey ?? randomBytes(32),
      webBuild,
      blobStore,
    },
    options,
    routes,
  );
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      blobStore.close?.();
      await database.drop();
      if (withDataDir && !env.DATA_DIR) await removeDataDir(dataDir);
    },
  };
}
