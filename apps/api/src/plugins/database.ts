import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database } from '../db/connect';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    pool: pg.Pool;
  }
}

/** Hands the connected database to every feature; the caller owns its life (server.ts, tests). */
export default fp<{ db: Database; pool: pg.Pool }>(
  async function database(app: FastifyInstance, { db, pool }) {
    app.decorate('db', db);
    app.decorate('pool', pool);
  },
  { name: 'database' },
);
