import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './connect';
import * as schema from './schema';

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Runs `work` in a transaction that is always rolled back (what a change would do, without
 * doing it), on one connection that takes its queries one after another. Code written for
 * the pool starts several queries at once (the catalogue snapshot's loaders), and a pg client
 * handed a query while another runs queues it with a warning that pg 9 will refuse it.
 */
export async function inRolledBackTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  // drizzle keeps what it was made on: the portal's databases are made on a pool (connect.ts).
  const pool = (db as Database & { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('inRolledBackTransaction needs a database made on a pg.Pool');
  const client = await pool.connect();
  let previous: Promise<unknown> = Promise.resolve();
  const oneAtATime = new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: unknown[]) => {
          const running = previous.then(() => (target.query as Query).apply(target, args));
          previous = running.catch(() => undefined);
          return running;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as Query).bind(target) : value;
    },
  });
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    return await work(drizzle(oneAtATime, { schema }));
  } finally {
    await previous;
    await client.query('ROLLBACK').catch((error: unknown) => {
      broken = error as Error;
    });
    // A connection that could not roll back is closed, not returned to the pool.
    client.release(broken);
  }
}
