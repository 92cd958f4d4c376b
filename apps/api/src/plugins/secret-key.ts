import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** SECRET_KEY's key material: derive a key per use (shared/keyed-digest.ts), never use it directly. */
    secretKey: Buffer;
  }
}

export default fp<{ secretKey: Buffer }>(
  async function secretKeyPlugin(app: FastifyInstance, { secretKey }) {
    app.decorate('secretKey', secretKey);
  },
  { name: 'secret-key' },
);
