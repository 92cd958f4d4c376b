import { Type, type Static } from 'typebox';

export const FILES_PATHS = { file: '/v1/files/:fileId/:fileName' } as const;

// In a module of their own, so the broken download link's page names them without these schemas (decision 165).
export {
  DOWNLOAD_LINK_PAGE,
  DOWNLOAD_LINK_PROBLEMS,
  DOWNLOAD_LOOKUPS,
  type DownloadLinkProblem,
  type DownloadLookup,
} from './download-link-page';

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

/** A SHA-256 digest as the lookups answer it: 64 lower-case hex digits. */
export const SHA256_PATTERN = '^[0-9a-f]{64}$';

/**
 * What a published file is, so a person can tell it and check it before and after the
 * download: answered beside every download link of the lookups (docs/api.md). No `$id`:
 * one answer may hold it several times.
 */
export const FileDetails = Type.Object(
  {
    fileName: Type.String({ description: 'The name the download is saved under' }),
    contentType: Type.String({ description: 'Its media type, as published (application/pdf, application/zip, …)' }),
    inline: Type.Boolean({
      description:
        'Whether its link sends it inline, for the browser to show (a PDF: opens in a new tab), rather than as an attachment to save',
    }),
    sizeBytes: Type.Integer({ minimum: 0, description: 'Its size in bytes' }),
    sha256: Type.String({ pattern: SHA256_PATTERN, description: 'SHA-256 of its bytes, lower-case hex' }),
    publishedAt: Type.String({ format: 'date-time', description: 'When the file was first published to the portal' }),
  },
  { description: 'What a download is: added beside the download links of the lookups (docs/api.md)' },
);
export type FileDetails = Static<typeof FileDetails>;

/**
 * The release notes of a product's version, where published (docs/publishing.md): a
 * published file, behind the same kind of signed link as the download it belongs to.
 */
export const ReleaseNotesLink = Type.Object(
  {
    uri: Type.String({ description: 'A download link valid for one hour' }),
    file: FileDetails,
  },
  { description: "The release notes of the download's product and version, where published" },
);
export type ReleaseNotesLink = Static<typeof ReleaseNotesLink>;

/**
 * A controlled document's own identity, as its maker states it in the manifest
 * (docs/publishing.md): what a regulated lab records beside the file. Each field is null
 * when the manifest does not give it.
 */
export const DocumentDetails = Type.Object(
  {
    number: Type.Union([Type.String(), Type.Null()], { description: "The document's number, e.g. PIB-CS-2100" }),
    title: Type.Union([Type.String(), Type.Null()], { description: "The document's title" }),
    revision: Type.Union([Type.String(), Type.Null()], { description: 'Its revision: B, 2, 1.3' }),
    effectiveDate: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'The day it takes effect, YYYY-MM-DD',
    }),
  },
  { description: 'The document number, title, revision and effective date the maker gives, each null when not given' },
);
export type DocumentDetails = Static<typeof DocumentDetails>;

/**
 * A revision as the manifest may give it: letters and digits, with single dots or dashes
 * between them (A, B, 2, 1.3, 2-A), at most DOCUMENT_REVISION_MAX_CHARS.
 */
export const DOCUMENT_REVISION_PATTERN = /^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/;
export const DOCUMENT_REVISION_MAX_CHARS = 16;
/** An effective date as the manifest gives it: a calendar day, YYYY-MM-DD. */
export const DOCUMENT_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
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
