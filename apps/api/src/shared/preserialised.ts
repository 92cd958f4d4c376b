import type { FastifyReply } from 'fastify';

/** JSON text known to be the serialisation of a `T`: only `preserialise` makes one. */
export type Preserialised<T> = string & { readonly serialisationOf: T };

/** Serialises an answer ahead of time, for routes that reuse one answer for many requests. */
export function preserialise<T>(value: T): Preserialised<T> {
  return JSON.stringify(value) as Preserialised<T>;
}

/**
 * Sends a pre-serialised answer as it is. Fastify's typed reply wants the route's response
 * type, which this text is the serialisation of (the one place that says so, checked by
 * `Preserialised<T>`); its response schema is not applied again to text.
 */
export function sendPreserialised<T>(reply: FastifyReply, body: Preserialised<T>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
