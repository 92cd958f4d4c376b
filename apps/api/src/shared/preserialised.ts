import type { FastifyReply } from 'fastify';

/** The UTF-8 bytes of JSON text known to be the serialisation of a `T`: only `preserialise` makes them. */
export type Preserialised<T> = Buffer & { readonly serialisationOf: T };

/**
 * Serialises an answer ahead of time, for routes that reuse one answer for many requests:
 * as bytes, so that each request sends them as they are (no JSON, no UTF-8 encoding, and
 * the length is known without counting).
 */
export function preserialise<T>(value: T): Preserialised<T> {
  return Buffer.from(JSON.stringify(value), 'utf8') as Preserialised<T>;
}

/**
 * Sends a pre-serialised answer as it is. Fastify's typed reply wants the route's response
 * type, which these bytes are the serialisation of (the one place that says so, checked by
 * `Preserialised<T>`); its response schema is not applied again to bytes.
 */
export function sendPreserialised<T>(reply: FastifyReply, body: Preserialised<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
