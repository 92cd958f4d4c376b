import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** Any fixed number; it names the lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_314_159_265;

/**
 * Applies the committed SQL migrations. Two portals starting together take turns on a
 * PostgreSQL advisory lock, so the second finds the work done instead of repeating it.
 */
export async function applyMigrations(
  pool: pg.Pool,
  migrationsFolder: string,
): Promise<{ applied: number; total: number }> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const before = await countApplied(client);
      await migrate(drizzle(client), { migrationsFolder });
      const total = await countApplied(client);
      return { applied: total - before, total };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Migrations drizzle has recorded as applied; 0 on a new database. */
async function countApplied(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!rows[0]?.exists) return 0;
  const counted = await client.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
  );
  return counted.rows[0]?.count ?? 0;
}
