import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/** Headers of helmet's probe answer that are not security headers. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Security headers for every answer. API answers get a Content-Security-Policy that
 * allows nothing at all; HTML pages replace it with their own (web-app.ts), which
 * names the hashes of that page's inline scripts, and PDFs shown inline with theirs
 * (file-delivery/presentation.ts, decision 090).
 *
 * helmet's headers are the same for every answer, so they are worked out once, from one
 * answer of a probe instance with exactly this configuration, and each request only copies
 * them: running helmet's middleware chain per request cost about a third of the throughput
 * of the cheapest routes (bench/catalogue-versions.bench.mjs).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const headers = await helmetHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => '');
  const { headers } = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !NOT_SECURITY.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}
