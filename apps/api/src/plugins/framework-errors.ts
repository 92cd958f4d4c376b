import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fixed texts for the errors Fastify and Node's HTTP parser raise themselves. Theirs may
 * quote the request ("'/v1/Cornerstone/DSV/<registration ID>/%E0' is not a valid url
 * component"), and a URL can hold a download link's signature or a registration ID.
 */
export const FRAMEWORK_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request could not be read.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The address of the request is too long.',
  415: 'This type of request body is not accepted here.',
  431: 'The request headers are too large.',
};
const FALLBACK_MESSAGE = FRAMEWORK_MESSAGES[400]!;

/** The message for an error Fastify raised: its status's fixed text, never its own message. */
export function frameworkMessage(status: number): string {
  return FRAMEWORK_MESSAGES[status] ?? FALLBACK_MESSAGE;
}

/** Fastify's `frameworkErrors` option: errors met before routing (a malformed URL, a parameter over the limit). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ message: frameworkMessage(status) });
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before there is
 * a request (a request line that is not HTTP, headers over the limit) gets the same
 * `{ message }` body, written to the socket by hand, and the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: error.code, status }, 'client error');
  // Half an answer already on the wire (a keep-alive request gone bad mid-response): only close.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message: frameworkMessage(status) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
