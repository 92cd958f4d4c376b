import { MAKER_LOGO_PATH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MakerLogo } from '../config/config';

/**
 * The maker's logo (MAKER_LOGO) at one stable path. Pages name it with the file's digest in
 * the query (`/brand/logo.svg?v=…`, see logoUrl), so it is cached for a year and a new logo
 * is a new URL. An SVG can carry scripts: it is sent as an image with a policy that runs
 * none, sandboxed, and never sniffed as anything else; pages show it through <img>, where
 * an SVG runs no script anyway.
 */
export default fp(
  async function makerLogo(app: FastifyInstance) {
    const logo = app.config.makerLogo;
    app.get(MAKER_LOGO_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!logo) return reply.callNotFound();
      const etag = `"${logo.version}"`;
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(logo.svg);
    });
  },
  { name: 'maker-logo', dependencies: ['config', 'not-found'] },
);

/** What pages write for the logo: its URL with the digest, or "" without a logo (the header shows a wordmark). */
export function logoUrl(logo: MakerLogo | undefined): string {
  return logo ? `${MAKER_LOGO_PATH}?v=${logo.version}` : '';
}
