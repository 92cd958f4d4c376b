import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (config/config.ts); nothing else reads process.env. */
    config: Config;
    /** SECRET_KEY's key material, or the key generated into DATA_DIR: derive a key per use (shared/keyed-digest.ts), never use it directly. */
    secretKey: Buffer;
  }
}

/** The configuration and the resolved secret key, as start-up (or a test) made them. */
export default fp<{ config: Config; secretKey: Buffer }>(
  async function configPlugin(app: FastifyInstance, { config, secretKey }) {
    app.decorate('config', config);
    app.decorate('secretKey', secretKey);
  },
  { name: 'config' },
);
