import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../shared/keyed-digest';

/** A download link works for one hour (docs/decisions/032-signed-download-links.md). */
export const DOWNLOAD_LINK_LIFETIME_SECONDS = 3_600;

/** Whom a link was made for: a signed-in staff member, or a registration by the digest of its ID. */
export type Grant = 'staff' | `r.${string}`;

/**
 * A browser link cannot carry the Authorization header, so a lookup that found a file
 * answers with a link to it that proves itself: an HMAC over the path, the expiry and the
 * grant, checked by the file endpoint.
 */
export function signDownloadLink(
  key: Buffer,
  file: { id: string; name: string },
  grant: Grant,
  nowMs = Date.now(),
): string {
  // Rounded up to the minute: every link made within one minute is the same, so an answer
  // full of links can be reused for that minute (each link still lives at least an hour).
  const expires = Math.ceil((nowMs / 1000 + DOWNLOAD_LINK_LIFETIME_SECONDS) / 60) * 60;
  const path = filePath(file.id, file.name);
  const signature = sign(key, path, expires, grant);
  return `${path}?expires=${expires}&grant=${grant}&signature=${signature}`;
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

export function checkDownloadLink(
  key: Buffer,
  link: { fileId: string; fileName: string; expires: number; grant: string; signature: string },
  nowMs = Date.now(),
): LinkCheck {
  const expected = sign(key, filePath(link.fileId, link.fileName), link.expires, link.grant);
  if (!constantTimeEqual(expected, link.signature)) return 'forged';
  return link.expires * 1000 > nowMs ? 'valid' : 'expired';
}

export function filePath(fileId: string, fileName: string): string {
  return `/v1/files/${fileId}/${encodeURIComponent(fileName)}`;
}

function sign(key: Buffer, path: string, expires: number, grant: string): string {
  return createHmac('sha256', key).update(`${path}\n${expires}\n${grant}`).digest('base64url');
}
