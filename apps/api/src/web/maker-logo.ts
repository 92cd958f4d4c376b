import { MAKER_LOGO_PATH } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MakerLogo } from '../config/config';
import { sendFromMemory } from '../plugins/file-delivery';

/**
 * The maker's logo (MAKER_LOGO) at one stable path. Pages name it with the file's digest in
 * the query (`/brand/logo.svg?v=…`, see logoUrl), so it is cached for a year and a new logo
 * is a new URL. An SVG can carry scripts: it is sent as an image with a policy that runs
 * none, sandboxed, and never sniffed as anything else; pages show it through <img>, where
 * an SVG runs no script anyway. Without MAKER_LOGO (checked once, in config.ts) there is no
 * route: the path is as missing as any other.
 */
export default fp(
  async function makerLogo(app: FastifyInstance) {
    const logo = app.config.makerLogo;
    if (!logo) return;
    const etag = `"${logo.version}"`;
    app.get(MAKER_LOGO_PATH, { schema: { hide: true } }, async (request, reply) =>
      sendFromMemory(request, reply, {
        body: logo.svg,
        etag,
        contentType: 'image/svg+xml',
        cacheControl: 'public, max-age=31536000, immutable',
        headers: {
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          'x-content-type-options': 'nosniff',
        },
      }),
    );
  },
  { name: 'maker-logo', dependencies: ['config'] },
);

/** What pages write for the logo: its URL with the digest, or "" without a logo (the header shows a wordmark). */
export function logoUrl(logo: MakerLogo | undefined): string {
  return logo ? `${MAKER_LOGO_PATH}?v=${logo.version}` : '';
}
