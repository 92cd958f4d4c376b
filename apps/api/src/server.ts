import { LogController } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError } from './db/connect';
import {
  catalogueIsEmpty,
  describeSummary,
  importFolder,
  sweepInterruptedImports,
} from './features/publishing/publishing';
import { loggerOptions } from './logging';
import { DEMO_CATALOGUE_DIR, WEB_BUILD_DIR } from './paths';
import { DataDirInUseError } from './runtime/data-dir-lock';
import { Cleanups, openRuntime } from './runtime/open-runtime';
import { logoUrl } from './web/maker-logo';
import { loadWebBuild } from './web/web-build';

const SHUTDOWN_GRACE_MS = 10_000;

/** Start-up: configuration, data folder, database, migrations, then the app on its port. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const cleanups = new Cleanups();
  // From here on a signal undoes whatever start-up has done so far, in reverse order.
  handleShutdown(cleanups);
  const { db, pool, secretKey, databaseDescription } = await openRuntime(config, { lockDataDir: 'always' }, cleanups);
  try {
    // Interrupted imports leave unfinished copies and unreferenced blobs (docs/operations.md).
    const swept = await sweepInterruptedImports({ db, dataDir: config.dataDir });
    if (swept && swept.incomplete + swept.unreferenced > 0) {
      console.log(
        `Swept what interrupted imports left: ${swept.incomplete} unfinished copies, ${swept.unreferenced} unreferenced files`,
      );
    }
    // A newcomer sees real screens at once: an empty catalogue gets the demo one (docs/demo-data.md).
    if (await catalogueIsEmpty(db)) {
      const summary = await importFolder(DEMO_CATALOGUE_DIR, { db, secretKey, dataDir: config.dataDir });
      console.log(`Imported the demo catalogue (${describeSummary(summary).join('; ')})`);
    }

    const webBuild = await loadWebBuild(WEB_BUILD_DIR, { ...config, makerLogoUrl: logoUrl(config.makerLogo) });
    const app = await buildApp(
      { config, db, pool, secretKey, webBuild },
      {
        logger: loggerOptions(),
        // No line per request: it cost six times the throughput (docs/decisions/011).
        logController: new LogController({ disableRequestLogging: true }),
        requestTimeout: 30_000,
      },
    );
    for (const name of config.notYetUsed) {
      app.log.warn(`${name} is set, but no feature of this version uses it yet`);
    }
    cleanups.add(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Portal ready at ${config.publicUrl.origin} (listening on ${config.host}:${config.port}, database ${
        databaseDescription
      }, started in ${Math.round(performance.now() - startedAt)} ms)`,
    );
    console.log(`Portal running at ${config.publicUrl.origin}`);
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

function handleShutdown(cleanups: Cleanups) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, then stopping`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void cleanups.run().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
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
