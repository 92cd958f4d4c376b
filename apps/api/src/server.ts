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
import { chooseLogFormat, createLogger } from './logging';
import { blobStoreFor } from './plugins/blob-store';
import { serveMetrics } from './plugins/metrics';
import { importDemoAdvisories } from './features/security-advisories/demo-advisories';
import { DEMO_CATALOGUE_DIR, WEB_BUILD_DIR } from './paths';
import { DataDirInUseError } from './runtime/data-dir-lock';
import type { Drain } from './runtime/drain';
import { superviseEmbeddedServer } from './db/embedded-supervisor';
import { endOfLifeWarning } from './runtime/node-line';
import { Cleanups, openRuntime } from './runtime/open-runtime';
import { logoUrl } from './web/maker-logo';
import { loadWebBuild } from './web/web-build';

/**
 * Every line of the process goes through this logger: readable lines on a terminal, JSON
 * lines otherwise or with LOG_FORMAT=json (docs/operations.md). Created before the
 * configuration is read, so even its problems come out in the chosen format.
 */
const log = createLogger(chooseLogFormat(process.env.LOG_FORMAT, process.stdout.isTTY === true));

/** Start-up: configuration, data folder, database, migrations, then the app on its port; one line per stage. */
async function main() {
  const startedAt = performance.now();
  const endOfLife = endOfLifeWarning(process.version, new Date());
  if (endOfLife) log.warn(endOfLife);
  const config = loadConfig();
  const cleanups = new Cleanups((line) => log.error(line));
  // From here on a signal undoes whatever start-up has done so far, in reverse order.
  const shutdown = handleShutdown(cleanups, config.shutdownGraceSeconds * 1000);
  if (config.otelEndpoint) {
    // Only now are the OpenTelemetry packages loaded (docs/decisions/096).
    const tracing = await (await import('./tracing/tracing')).startTracing({ warn: (line) => log.warn(line) });
    cleanups.add(() => tracing.shutdown());
    log.info(`Tracing to ${config.otelEndpoint.origin} (OpenTelemetry)`);
  }
  const { db, pool, secretKey, embedded } = await openRuntime(
    config,
    { lockDataDir: 'always', log: (line) => log.info(line) },
    cleanups,
  );
  try {
    // Interrupted imports leave unfinished copies and unreferenced blobs (docs/operations.md).
    const blobStore = await blobStoreFor(config);
    cleanups.add(() => blobStore.close?.());
    const swept = await sweepInterruptedImports({ db, blobStore });
    if (swept && swept.incomplete + swept.unreferenced > 0) {
      log.info(
        `Swept what interrupted imports left: ${swept.incomplete} unfinished copies, ${swept.unreferenced} unreferenced files`,
      );
    }
    // A newcomer sees real screens at once: an empty catalogue gets the demo one (docs/demo-data.md).
    if (await catalogueIsEmpty(db)) {
      const summary = await importFolder(DEMO_CATALOGUE_DIR, { db, secretKey, blobStore });
      const { versions, files } = summary;
      log.info(
        { summary: describeSummary(summary) },
        `Imported the demo catalogue: ${versions.added} versions, ${files.stored} files (docs/demo-data.md)`,
      );
      const advisories = await importDemoAdvisories(DEMO_CATALOGUE_DIR, { db, secretKey, config });
      log.info(`Published the demo catalogue's ${advisories} security advisories (docs/security-advisories.md)`);
    }

    const webBuild = await loadWebBuild(WEB_BUILD_DIR, {
      ...config,
      makerLogoUrl: logoUrl(config.makerLogo),
      oidcName: config.oidc?.name,
      oidcOnly: config.oidc?.only,
    });
    const app = await buildApp(
      { config, db, pool, secretKey, webBuild, blobStore },
      {
        loggerInstance: log,
        // No line per request: it cost six times the throughput (docs/decisions/011).
        logController: new LogController({ disableRequestLogging: true }),
        requestTimeout: 30_000,
      },
    );
    shutdown.drain = app.drain;
    cleanups.add(() => app.close());
    if (embedded) {
      // Stopped first on the way out, so that the portal's own stop of the server is not taken for a death.
      const supervisor = superviseEmbeddedServer(embedded, {
        down: (reason) => app.databaseAvailability.failed(reason),
        restarted: (line) => {
          app.databaseAvailability.restarts++;
          log.info(line);
        },
        warn: (line) => log.warn(line),
        gaveUp: (line) => {
          log.error(line);
          shutdown.stop('Stopping', 1);
        },
      });
      cleanups.add(() => supervisor.stop());
    }
    if (config.metricsPort !== undefined) {
      const metricsServer = await serveMetrics(app.metrics.registry, config.metricsPort, config.metricsHost);
      cleanups.add(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
      log.info(`Metrics at http://${config.metricsHost}:${config.metricsPort}/metrics (Prometheus)`);
    }
    await app.listen({
      port: config.port,
      host: config.host,
      // Fastify's own "Server listening" line, made the last line of start-up.
      listenTextResolver: (address) =>
        `Portal running at ${config.publicUrl.origin} (listening on ${address}, started in ${Math.round(
          performance.now() - startedAt,
        )} ms)`,
    });
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/**
 * SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish (each
 * connection closed right after its answer, idle ones at once: drainOnClose and
 * docs/decisions/150-rolling-restart-drain.md), then undo start-up; after `graceMs` exit
 * regardless, so a hung download cannot hold a rolling restart.
 */
function handleShutdown(cleanups: Cleanups, graceMs: number) {
  let stopping = false;
  /** `exitCode` 1: the portal cannot go on (its database did not come back), so its service manager restarts it. */
  const stop = (signal: string, exitCode = 0) => {
    if (stopping) {
      log.info(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const startedAt = performance.now();
    const inFlight = state.drain?.inFlight() ?? 0;
    log.info(
      `${signal}: no new connections; finishing ${inFlight} in-flight ${inFlight === 1 ? 'request' : 'requests'} (up to SHUTDOWN_GRACE_SECONDS, ${graceMs / 1000} s), then stopping`,
    );
    setTimeout(() => {
      log.warn(`Requests still running after SHUTDOWN_GRACE_SECONDS (${graceMs / 1000} s): exiting now`);
      process.exit(1);
    }, graceMs).unref();
    void cleanups.run().then(() => {
      log.info(`Stopped after ${Math.round(performance.now() - startedAt)} ms`);
      process.exit(exitCode);
    });
  };
  const state: { drain?: Drain; stop: typeof stop } = { stop };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return state;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) log.error(problem);
  } else if (error instanceof DatabaseUnreachableError || error instanceof DataDirInUseError) {
    log.error(error.message);
  } else {
    log.error({ err: error }, 'The portal could not start');
  }
  process.exit(1);
});
