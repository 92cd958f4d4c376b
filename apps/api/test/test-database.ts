import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../src/db/connect';
import { withDatabase } from '../src/db/embedded-server';

export const TEMPLATE_DATABASE = 'portal_test_template';

export interface TestDatabase {
  url: URL;
  db: Database;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh database of this test file's own: migrated (cloned from the template in
 * milliseconds), or empty for tests of the migrations themselves.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = new URL(inject('databaseServerUrl'));
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  const template = migrated ? TEMPLATE_DATABASE : 'template0';
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withDatabase(serverUrl, name);
  const { pool, db } = await connectDatabase(url);
  return {
    url,
    db,
    pool,
    drop: async () => {
      await pool.end();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function onServer(serverUrl: URL, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres').toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
