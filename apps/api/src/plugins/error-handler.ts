import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One error shape for the whole API: `{ message }`. Client errors keep their message;
 * server errors are logged in full and answered with a generic text, so no internals leak.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ message: 'Something went wrong on our side. Please try again later.' });
      }
      return reply.status(status).send({ message: error.message });
    });
  },
  { name: 'error-handler' },
);
