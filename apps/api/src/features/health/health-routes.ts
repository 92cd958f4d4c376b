import { ErrorBody, HealthStatus, ReadinessStatus } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/database-outage';

const READINESS_TIMEOUT_MS = 2_000;

/** /healthz: the process answers. /readyz: and its database does too, within two seconds. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', { schema: { tags: ['operations'], response: { 200: HealthStatus } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['operations'], response: { 200: ReadinessStatus, 503: ErrorBody } } },
    async (request, reply) => {
      const notReady = () => reply.status(503).send({ message: 'The database is not answering.' });
      // Known to be away: said at once, without a query or a line per probe (its owner logged it).
      if (!app.databaseAvailability.up) return notReady();
      try {
        await withTimeout(app.pool.query('SELECT 1'), READINESS_TIMEOUT_MS);
        return { status: 'ready' as const };
      } catch (error) {
        if (isDatabaseUnavailable(error)) app.databaseAvailability.failed(error);
        else request.log.warn({ err: error }, 'readiness check failed');
        return notReady();
      }
    },
  );
};

export const healthRoutes = fp(routes, { name: 'health-routes', dependencies: ['database'], encapsulate: true });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
