import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LogController } from 'fastify';
import { buildApp } from './app';
import { loggerOptions } from './logging';
import { ConfigError, loadConfig, redactUrl } from './config/config';
import { resolveSecretKey } from './config/secret-key';
import { connectDatabase, DatabaseUnreachableError } from './db/connect';
import { startEmbeddedServer, type EmbeddedServer } from './db/embedded-server';
import { applyMigrations } from './db/migrate';
import { catalogueIsEmpty, describeSummary, importFolder } from './features/catalogue/catalogue-setup';
import { DEMO_CATALOGUE_DIR, MIGRATIONS_DIR, WEB_BUILD_DIR } from './paths';
import { DataDirInUseError, lockDataDir } from './runtime/data-dir-lock';
import { loadWebBuild } from './web/web-build';

const SHUTDOWN_GRACE_MS = 10_000;

/** Start-up: configuration, data folder, database, migrations, then the app on its port. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  const releaseDataDir = lockDataDir(config.dataDir);

  let embedded: EmbeddedServer | undefined;
  const cleanups: Array<() => Promise<void> | void> = [releaseDataDir];
  // From here on a signal undoes whatever start-up has done so far, in reverse order.
  handleShutdown(cleanups);
  try {
    const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedServer(path.join(config.dataDir, 'pg'));
      cleanups.unshift(() => embedded?.stop());
      databaseUrl = embedded.url;
    }
    const { pool, db } = await connectDatabase(databaseUrl);
    cleanups.unshift(() => pool.end());
    await applyMigrations(pool, MIGRATIONS_DIR);
    // A newcomer sees real screens at once: an empty catalogue gets the demo one (docs/demo-data.md).
    if (await catalogueIsEmpty(pool)) {
      const summary = await importFolder(DEMO_CATALOGUE_DIR, { pool, secretKey, dataDir: config.dataDir });
      console.log(`Imported the demo catalogue (${describeSummary(summary).join('; ')})`);
    }

    const webBuild = await loadWebBuild(WEB_BUILD_DIR, config.makerName);
    const app = await buildApp(
      { config, db, pool, secretKey, webBuild },
      {
        logger: loggerOptions(),
        // No line per request: it cost six times the throughput (docs/decisions/011).
        logController: new LogController({ disableRequestLogging: true }),
        requestTimeout: 30_000,
        trustProxy: false,
      },
    );
    for (const name of config.notYetUsed) {
      app.log.warn(`${name} is set, but no feature of this version uses it yet`);
    }
    cleanups.unshift(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Portal ready at ${config.publicUrl.origin} (listening on ${config.host}:${config.port}, database ${
        embedded ? `embedded in ${path.join(config.dataDir, 'pg')}` : redactUrl(databaseUrl)
      }, started in ${Math.round(performance.now() - startedAt)} ms)`,
    );
    console.log(`Portal running at ${config.publicUrl.origin}`);
  } catch (error) {
    await runCleanups(cleanups);
    throw error;
  }
}

function handleShutdown(cleanups: Array<() => Promise<void> | void>) {
  const log = (message: string) => console.log(message);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing in-flight requests, then stopping`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void runCleanups(cleanups).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function runCleanups(cleanups: Array<() => Promise<void> | void>) {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`While stopping: ${(error as Error).message}`);
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem);
  } else if (error instanceof DatabaseUnreachableError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(`The portal could not start: ${(error as Error).stack ?? String(error)}`);
  }
  process.exit(1);
});
