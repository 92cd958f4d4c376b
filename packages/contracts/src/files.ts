import { Type, type Static } from 'typebox';

export const FILES_PATHS = { file: '/v1/files/:fileId/:fileName' } as const;

/**
 * The web page a person is sent to who opened a download link that no longer works
 * (docs/decisions/091-broken-download-links-lead-people-to-a-page.md). Its query names the
 * problem and, as a path without a query, the page the link was found on.
 */
export const DOWNLOAD_LINK_PAGE = '/download-link';
export const DOWNLOAD_LINK_PROBLEMS = ['expired', 'invalid'] as const;
export type DownloadLinkProblem = (typeof DOWNLOAD_LINK_PROBLEMS)[number];

/**
 * Whom a download link was made for, carried in its `grant` query parameter: a signed-in
 * staff member, or a registration by the digest of its ID. The API builds and parses it
 * (apps/api/src/plugins/download-links.ts); this pattern is what its route accepts.
 */
export const STAFF_GRANT = 'staff';
export const REGISTRATION_GRANT_PREFIX = 'r.';
const REGISTRATION_DIGEST_PATTERN = '[0-9a-f]{64}';
export const DOWNLOAD_GRANT_PATTERN = `^(${STAFF_GRANT}|${REGISTRATION_GRANT_PREFIX.replace('.', '\\.')}${REGISTRATION_DIGEST_PATTERN})$`;

/**
 * The longest file name a download may have, in characters (the manifest refuses longer
 * ones). In a URL one character takes at most 12 (four UTF-8 bytes, each percent-encoded),
 * so the router must accept path parameters of FILE_NAME_MAX_URL_CHARS.
 */
export const FILE_NAME_MAX_CHARS = 255;
export const FILE_NAME_MAX_URL_CHARS = FILE_NAME_MAX_CHARS * 12;

export const DownloadLink = Type.Object({ uri: Type.String() }, { $id: 'DownloadLink' });
export type DownloadLink = Static<typeof DownloadLink>;

export const FileParams = Type.Object({
  fileId: Type.String({ format: 'uuid' }),
  fileName: Type.String({ minLength: 1, maxLength: FILE_NAME_MAX_CHARS }),
});
export type FileParams = Static<typeof FileParams>;

export const FileQuery = Type.Object({
  /** Expiry, seconds since the epoch. */
  expires: Type.Integer({ minimum: 0 }),
  /** Opaque reference to who the link was made for. */
  grant: Type.String({ pattern: DOWNLOAD_GRANT_PATTERN }),
  signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
});
export type FileQuery = Static<typeof FileQuery>;
