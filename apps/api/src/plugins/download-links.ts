import { FILES_PATHS, REGISTRATION_GRANT_PREFIX, STAFF_GRANT } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHmac } from 'node:crypto';
import { constantTimeEqual, derivedKey } from '../shared/keyed-digest';
import type { Entitled } from './customer-auth/customer-auth';

declare module 'fastify' {
  interface FastifyInstance {
    downloadLinks: DownloadLinks;
  }
}

/** A download link works for one hour (docs/decisions/032-signed-download-links.md). */
export const DOWNLOAD_LINK_LIFETIME_SECONDS = 3_600;

/** Whom a link was made for: a signed-in staff member, or a registration by the digest of its ID. */
export type Grant = typeof STAFF_GRANT | `${typeof REGISTRATION_GRANT_PREFIX}${string}`;

export type LinkCheck = 'valid' | 'expired' | 'forged';

export interface LinkParts {
  fileId: string;
  fileName: string;
  expires: number;
  grant: string;
  signature: string;
}

export interface DownloadLinks {
  sign(file: { id: string; name: string }, grant: Grant, nowMs?: number): string;
  check(link: LinkParts, nowMs?: number): LinkCheck;
}

export function grantOf(caller: Entitled): Grant {
  return caller.kind === 'staff' ? STAFF_GRANT : `${REGISTRATION_GRANT_PREFIX}${caller.registration.idDigest}`;
}

/** The registration digest a grant names; null for staff. The route's schema has already checked its form. */
export function registrationDigestOf(grant: string): string | null {
  return grant.startsWith(REGISTRATION_GRANT_PREFIX) ? grant.slice(REGISTRATION_GRANT_PREFIX.length) : null;
}

/**
 * The minute a link made at `nowMs` belongs to: links made within it are the same, and an
 * answer full of links is reused only within it (features/releases/answer-cache.ts).
 */
export function linkMinuteOf(nowMs: number): number {
  return Math.floor(nowMs / 60_000);
}

export function filePath(fileId: string, fileName: string): string {
  return FILES_PATHS.file.replace(':fileId', fileId).replace(':fileName', encodeURIComponent(fileName));
}

/**
 * A browser link cannot carry the Authorization header, so a lookup that found a file
 * answers with a link to it that proves itself: an HMAC over the path, the expiry and the
 * grant, checked by the file endpoint.
 */
export function downloadLinks(key: Buffer): DownloadLinks {
  const sign = (path: string, expires: number, grant: string) =>
    createHmac('sha256', key).update(`${path}\n${expires}\n${grant}`).digest('base64url');
  return {
    sign(file, grant, nowMs = Date.now()) {
      // From the end of the minute it is made in: every link made within one minute is the
      // same, so an answer full of links can be reused for that minute (linkMinuteOf), and
      // each link still lives at least DOWNLOAD_LINK_LIFETIME_SECONDS.
      const expires = (linkMinuteOf(nowMs) + 1) * 60 + DOWNLOAD_LINK_LIFETIME_SECONDS;
      const path = filePath(file.id, file.name);
      return `${path}?expires=${expires}&grant=${grant}&signature=${sign(path, expires, grant)}`;
    },
    check(link, nowMs = Date.now()) {
      const expected = sign(filePath(link.fileId, link.fileName), link.expires, link.grant);
      if (!constantTimeEqual(expected, link.signature)) return 'forged';
      return link.expires * 1000 > nowMs ? 'valid' : 'expired';
    },
  };
}

/** The key download links are signed with, derived from SECRET_KEY for this use alone. */
export function downloadLinkKey(secretKey: Buffer): Buffer {
  return derivedKey(secretKey, 'download-link');
}

export default fp(
  async function downloadLinksPlugin(app: FastifyInstance) {
    app.decorate('downloadLinks', downloadLinks(downloadLinkKey(app.secretKey)));
  },
  { name: 'download-links', dependencies: ['config'] },
);
