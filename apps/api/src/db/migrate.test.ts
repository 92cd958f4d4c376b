import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { MIGRATIONS_DIR } from '../paths';
import { applyMigrations } from './migrate';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('migrations', () => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it('two processes starting together migrate once, neither failing', async () => {
    database = await createTestDatabase({ migrated: false });
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: database.url.toString(), max: 2 }));
    await Promise.all(pools.map((pool) => applyMigrations(pool, MIGRATIONS_DIR)));
    await Promise.all(pools.map((pool) => pool.end()));

    const { rows } = await database.pool.query('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
    expect(rows[0].applied).toBe(journal.entries.length);
    const tables = await database.pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.rows.map((row) => row.tablename)).toEqual(expect.arrayContaining(['files', 'staff_sessions']));
  });

  it('a second run on a migrated database changes nothing', async () => {
    database = await createTestDatabase();
    const before = await database.pool.query('SELECT id, hash FROM drizzle.__drizzle_migrations ORDER BY id');
    await applyMigrations(database.pool, MIGRATIONS_DIR);
    const after = await database.pool.query('SELECT id, hash FROM drizzle.__drizzle_migrations ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });
});
