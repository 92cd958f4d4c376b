import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/database-outage';
import { FRAMEWORK_MESSAGES, frameworkMessage } from './framework-errors';

/**
 * Set (to true) on a server error whose cause its owner has already logged, once for many
 * requests (a limit refusing while Redis is away: plugins/redis.ts logs the outage).
 */
export const LOGGED_BY_ITS_OWNER = Symbol('logged by its owner');

/**
 * One error shape for the whole API: `{ message }`. Client errors keep their message;
 * server errors are logged in full and answered with a generic text, so no internals leak.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // The database away (restarting, unreachable): a wait, not a fault; its owner logs the outage once.
      if (status >= 500 && isDatabaseUnavailable(error)) {
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      if (status >= 500) {
        if (!(error as { [LOGGED_BY_ITS_OWNER]?: boolean })[LOGGED_BY_ITS_OWNER]) {
          request.log.error({ err: error }, 'request failed');
        }
        return reply.status(status).send({ message: 'Something went wrong on our side. Please try again later.' });
      }
      // Fastify's own texts may quote the request (its URL, a header); validation messages
      // are built from the route's schema and stay, since they say which field to fix.
      if (!error.validation && error.code?.startsWith('FST_') && status in FRAMEWORK_MESSAGES) {
        return reply.status(status).send({ message: frameworkMessage(status) });
      }
      return reply.status(status).send({ message: error.message });
    });
  },
  { name: 'error-handler' },
);
