import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { missingMessage, missingPackages } from '../../../scripts/system-packages.mjs';
import { startEmbeddedServer, withDatabase } from '../src/db/embedded-server';
import { applyMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { TEMPLATE_DATABASE } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where tests may create databases; each test file clones TEMPLATE_DATABASE. */
    databaseServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: the embedded one, or the external server named
 * by DATABASE_URL (CI runs the suite once more against Debian's PostgreSQL). The migrated
 * template is made once; each test file gets its own copy of it.
 */
export default async function setup(project: TestProject) {
  // The shared-limits and accel tests start Debian's redis-server and nginx: say so before any test runs.
  const missing = missingPackages(['redis-server', 'nginx']);
  if (missing.length > 0) throw new Error(missingMessage(missing));
  let serverUrl: URL;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    serverUrl = new URL(process.env.DATABASE_URL);
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-db-'));
    await chmod(dir, 0o755); // the server runs as an unprivileged user when we are root
    const server = await startEmbeddedServer(path.join(dir, 'pg'));
    serverUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
      // With TMPDIR in a folder postgres may not enter, the cluster was kept in a system folder.
      if (server.clusterDir !== path.join(dir, 'pg')) {
        await rm(path.dirname(server.clusterDir), { recursive: true, force: true });
      }
    };
  }

  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres').toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = new pg.Pool({ connectionString: withDatabase(serverUrl, TEMPLATE_DATABASE).toString(), max: 1 });
  await applyMigrations(template, MIGRATIONS_DIR);
  await template.end();

  project.provide('databaseServerUrl', serverUrl.toString());
  return stopServer;
}
