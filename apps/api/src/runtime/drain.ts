import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/** What a draining portal tells the shutdown log. */
export interface Drain {
  /** Answers started and not yet finished (a download counts until its last byte is out). */
  inFlight(): number;
}

/**
 * A rolling restart that fails no request (docs/decisions/150-rolling-restart-drain.md): once
 * `app.close()` begins, every connection ends right after the answer it is carrying, and
 * none is left open for a next request. Fastify itself stops the listener (a balancer's new
 * connection is refused, which it retries elsewhere for any method), closes the idle
 * kept-alive connections, answers requests still arriving on busy ones with
 * `Connection: close`, and waits for the rest. This adds what it leaves out:
 *
 * - an answer in flight whose headers are not out yet gets `Connection: close` too, so the
 *   balancer knows not to reuse its connection;
 * - an answer whose headers went out before (a long download) had promised keep-alive: its
 *   connection is closed the moment its last byte is written, so it can neither wait idle
 *   until the keep-alive timeout (holding the exit until SHUTDOWN_GRACE_SECONDS) nor be
 *   reused by the balancer later.
 *
 * Call it before the app is ready; the app must be built with `return503OnClosing: false`: requests that arrive on kept-alive
 * connections while draining are answered, not refused with a 503 that nginx would pass on
 * for a POST (it never retries those).
 */
export function drainOnClose(app: FastifyInstance): Drain {
  const answering = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  app.addHook('preClose', (done) => {
    for (const response of answering) {
      if (!response.headersSent) response.setHeader('connection', 'close');
      // 'close' comes after Node has detached the socket: the connection is idle by then.
      else response.once('close', () => app.server.closeIdleConnections());
    }
    done();
  });
  const drain: Drain = { inFlight: () => answering.size };
  app.decorate('drain', drain);
  return drain;
}
