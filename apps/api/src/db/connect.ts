import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { redactUrl } from '../config/config';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/** The database, or a transaction on it: for work that must be able to join a caller's transaction. */
export type DatabaseExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const CONNECT_TIMEOUT_MS = 5_000;

export class DatabaseUnreachableError extends Error {}

/** A pool on the portal database, checked with one round trip so a wrong DATABASE_URL fails at start. */
export async function connectDatabase(url: URL, { max = 10 } = {}): Promise<{ pool: pg.Pool; db: Database }> {
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = (error as Error).message || (error as NodeJS.ErrnoException).code || 'no answer';
    throw new DatabaseUnreachableError(`The database could not be reached at ${redactUrl(url)}: ${reason}`);
  }
  return { pool, db: drizzle(pool, { schema }) };
}
