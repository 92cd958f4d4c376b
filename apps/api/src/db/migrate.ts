import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Any fixed number; it names the lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_314_159_265;

/**
 * Applies the committed SQL migrations. Two portals starting together take turns on a
 * PostgreSQL advisory lock, so the second finds the work done instead of repeating it.
 */
export async function applyMigrations(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
