import { mkdir } from 'node:fs/promises';
import type pg from 'pg';
import { redactUrl, type Config } from '../config/config';
import { resolveSecretKey } from '../config/secret-key';
import { connectDatabase, type Database } from '../db/connect';
import { clusterDirOf, joinEmbeddedServer, startEmbeddedServer, type EmbeddedServer } from '../db/embedded-server';
import { applyMigrations } from '../db/migrate';
import { MIGRATIONS_DIR } from '../paths';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

/** Undo steps of start-up, run most recent first; a failing step does not stop the rest. */
export class Cleanups {
  private readonly steps: Array<() => Promise<void> | void> = [];

  /** `report`: where a failing step is told (the server's logger; the console for commands). */
  constructor(private readonly report: (line: string) => void = console.error) {}

  add(step: () => Promise<void> | void): void {
    this.steps.unshift(step);
  }

  async run(): Promise<void> {
    for (const step of this.steps.splice(0)) {
      try {
        await step();
      } catch (error) {
        this.report(`While stopping: ${(error as Error).message}`);
      }
    }
  }
}

export interface Runtime {
  db: Database;
  pool: pg.Pool;
  secretKey: Buffer;
  /** Where the database is, for a start-up line: never the password. */
  databaseDescription: string;
  /** The embedded server this process started (not one it joined, nor an external one): the portal supervises it. */
  embedded?: EmbeddedServer;
}

/**
 * What the portal and its command line both need before their work: the data folder
 * (claimed by this process), SECRET_KEY, the database (the embedded server unless
 * DATABASE_URL names one) and its migrations; `cleanups` undoes it all, and on failure
 * it is undone at once.
 * `lockDataDir: 'always'` for the server (its blobs and secret key live there);
 * 'embedded' for commands, which may run beside a portal: on an external database, or on
 * the embedded server of the portal that holds DATA_DIR (docs/decisions/106-commands-beside-a-running-portal.md).
 */
export async function openRuntime(
  config: Config,
  {
    lockDataDir: lock,
    poolMax,
    log,
    migrate = true,
  }: {
    lockDataDir: 'always' | 'embedded';
    poolMax?: number;
    /** false for `restore`, which migrates to its archive's level itself, loads, then migrates the rest. */
    migrate?: boolean;
    /** Told one line per stage (database ready, migrations) for a person reading the start-up. */
    log?: (line: string) => void;
  },
  /** Given each undo step as soon as it exists, so a signal during start-up can undo it too. */
  cleanups: Cleanups,
): Promise<Runtime> {
  try {
    await mkdir(config.dataDir, { recursive: true });
    let besideRunningPortal = false;
    if (lock === 'always' || !config.databaseUrl) {
      try {
        cleanups.add(lockDataDir(config.dataDir));
      } catch (error) {
        // A command finds the portal running on this DATA_DIR: it works on that portal's server.
        if (lock === 'always' || !(error instanceof DataDirInUseError)) throw error;
        besideRunningPortal = true;
      }
    }
    const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
    let databaseUrl = config.databaseUrl;
    let databaseDescription = databaseUrl ? redactUrl(databaseUrl) : '';
    let embedded: EmbeddedServer | undefined;
    if (!databaseUrl) {
      const clusterDir = clusterDirOf(config.dataDir);
      if (besideRunningPortal) {
        databaseUrl = await joinEmbeddedServer(clusterDir);
        databaseDescription = `embedded in ${clusterDir}, beside the running portal`;
      } else {
        const started = await startEmbeddedServer(clusterDir, log ? { log } : {});
        embedded = started;
        cleanups.add(() => started.stop());
        databaseUrl = started.url;
        databaseDescription = `embedded in ${clusterDir}`;
      }
    }
    const { pool, db } = await connectDatabase(databaseUrl, poolMax ? { max: poolMax } : {});
    cleanups.add(() => pool.end());
    log?.(`Database ready: ${databaseDescription}`);
    if (!migrate) return { db, pool, secretKey, databaseDescription, embedded };
    const { applied, total } = await applyMigrations(pool, MIGRATIONS_DIR);
    log?.(
      applied > 0
        ? `Database migrated: ${applied} new ${applied === 1 ? 'migration' : 'migrations'} applied (${total} in all)`
        : `Database schema up to date (${total} migrations)`,
    );
    return { db, pool, secretKey, databaseDescription, embedded };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}
