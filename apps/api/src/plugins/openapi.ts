import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI document, generated from the same schemas that validate each route. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Software portal API', version: '1' },
        tags: [
          { name: 'operations', description: 'Health and readiness' },
          { name: 'sign-in', description: 'Staff sign-in by an e-mailed one-time link' },
          { name: 'releases', description: 'Cornerstone versions, families and release dates' },
          { name: 'bulletins', description: 'Product Information Bulletins' },
          { name: 'validation-docs', description: 'Declarations of Software Validation' },
          { name: 'files', description: 'Delivery of published files through signed links' },
          { name: 'configurations', description: 'Cornerstone option codes and product configurations' },
          { name: 'publishing', description: "The catalogue's change history; withdrawal and restoration of files" },
          { name: 'sboms', description: 'Software bills of materials: the component search across releases' },
        ],
      },
    });
    app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
