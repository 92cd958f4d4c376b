import { INSUFFICIENT_STORAGE } from '@portal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { faultAnswer } from './fault-answer';
import { FRAMEWORK_MESSAGES, frameworkMessage } from './framework-errors';

/**
 * One error shape for the whole API: `{ message }`, with a `code` where a customer page may
 * show it (docs/api.md, "Error codes"). Client errors keep their message; server errors are
 * logged in full and answered with a generic text, so no internals leak.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      // A service the request needs is away (the S3 bucket, the mail server, a closed limit's
      // Redis, the database): a wait, not a fault, in the words of its answer; its owner logs
      // the outage once. A full disk (the database's, the outbox's): nothing was saved, and
      // only the operator can mend it.
      const fault = status >= 500 ? faultAnswer(error) : undefined;
      if (fault) {
        if (fault.status === INSUFFICIENT_STORAGE)
          request.log.warn({ err: error }, 'a request could not be saved: a disk is full');
        if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
        return reply
          .status(fault.status)
          .send(fault.code ? { message: fault.message, code: fault.code } : { message: fault.message });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .status(status)
          .send({ message: 'Something went wrong on our side. Please try again later.', code: 'internal-error' });
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
