import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database } from '../db/connect';
import { DatabaseAvailability, isDatabaseUnavailable } from '../db/database-outage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    pool: pg.Pool;
    /** Whether the database answers now; told by every request that found it away. */
    databaseAvailability: DatabaseAvailability;
  }
}

/**
 * Hands the connected database to every feature; the caller owns its life (server.ts, tests).
 * A request that fails because the database is away tells databaseAvailability, which logs
 * the outage once and watches for its end (docs/decisions/278-the-embedded-postgresql-server-is-supervised.md).
 */
export default fp<{ db: Database; pool: pg.Pool }>(
  async function database(app: FastifyInstance, { db, pool }) {
    app.decorate('db', db);
    app.decorate('pool', pool);
    const availability = new DatabaseAvailability(pool, app.log);
    app.decorate('databaseAvailability', availability);
    app.addHook('onError', async (_request, _reply, error) => {
      if (isDatabaseUnavailable(error)) availability.failed(error);
    });
    app.addHook('onClose', async () => availability.stop());
  },
  { name: 'database' },
);
