import { Type, type Static } from 'typebox';
import { AffectedByMark } from './advisories';

/**
 * ChromaTOF downloads by key ID and the staff table of latest releases (SPEC §2, §3, §7, §8).
 *
 * The download lookup is hypermedia (docs/decisions/060-chromatof-download-lookup.md): the
 * web app knows only the first URL (CHROMATOF_DOWNLOADS_URL, a runtime setting) and follows
 * the `href`s it is given, so the paths below are the API's business. Each answer's `_links`
 * holds only the entries a client follows (no `self`): SPEC §7's client takes the first entry.
 */
export const CHROMATOF_PATHS = {
  /** Products the key ID may download. */
  downloads: '/v1/chromatof/downloads',
  /** The downloads of one product: every file of every release. */
  productDownloads: '/v1/chromatof/downloads/:product',
  /** One file of one release. */
  download: '/v1/chromatof/downloads/:product/:version/:label',
  latestVersions: '/v1/chromatof/latestversions',
} as const;

/** HAL (draft-kelly-json-hal): the media type of every answer of the download lookup. */
export const HAL_CONTENT_TYPE = 'application/hal+json';

/** SPEC §8, ChromaTOF download: the client's text for a 401, and for a lookup with no entries. */
export const INCORRECT_KEY = 'Incorrect key';
export const NO_CHROMATOF_DOWNLOADS = 'No downloads are available for this key';
/** SPEC §2: what the ChromaTOF page shows while it works. */
export const FINDING_CHROMATOF = 'Finding ChromaTOF for you...';

/** What a file of a ChromaTOF release is; the staff table shows which kinds a release has. */
export const CHROMATOF_FILE_KINDS = ['installer', 'manual', 'releaseNotes'] as const;
export type ChromatofFileKind = (typeof CHROMATOF_FILE_KINDS)[number];
/** What a download of the lookup is: a file of the release, or its software bill of materials (docs/sbom.md). */
export const CHROMATOF_DOWNLOAD_KINDS = [...CHROMATOF_FILE_KINDS, 'sbom'] as const;
export type ChromatofDownloadKind = (typeof CHROMATOF_DOWNLOAD_KINDS)[number];

export const HalLink = Type.Object({ href: Type.String(), title: Type.Optional(Type.String()) }, { $id: 'HalLink' });
export type HalLink = Static<typeof HalLink>;

/** An answer that is only links: products, or the downloads of a product, in order. */
export const HalLinks = Type.Object({ _links: Type.Record(Type.String(), HalLink) }, { $id: 'HalLinks' });
export type HalLinks = Static<typeof HalLinks>;

/** One download (SPEC §3 'Download entry': the page shows `label` as its name and links `uri`). */
export const ChromatofDownload = Type.Object(
  {
    label: Type.String(),
    /** Added: the release the file belongs to, and what it is. */
    product: Type.String(),
    version: Type.String(),
    kind: Type.Unsafe<ChromatofDownloadKind>(Type.Union(CHROMATOF_DOWNLOAD_KINDS.map((kind) => Type.Literal(kind)))),
    /** With kind `sbom`: its format (`CycloneDX 1.6`) and how many components it lists. */
    sbom: Type.Optional(Type.Object({ format: Type.String(), componentCount: Type.Integer({ minimum: 0 }) })),
    /** A signed download link valid for one hour, relative to this answer's URL. */
    uri: Type.String(),
    fileName: Type.String(),
    /** Its media type, as published. */
    contentType: Type.String(),
    /** Whether its link sends it inline for the browser to show (FileDetails.inline). */
    inline: Type.Boolean(),
    sizeBytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    releaseDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** When the file was first published to the portal. */
    publishedAt: Type.String({ format: 'date-time' }),
    /**
     * Added (docs/security-advisories.md): the published advisories that name this file's
     * release as affected, newest first; the API always sends it, empty when none.
     */
    affectedBy: Type.Array(AffectedByMark),
    _links: Type.Object({ self: HalLink }),
  },
  { $id: 'ChromatofDownload' },
);
export type ChromatofDownload = Static<typeof ChromatofDownload>;

export const ChromatofProductParams = Type.Object({ product: Type.String({ minLength: 1, maxLength: 64 }) });
export const ChromatofDownloadParams = Type.Object({
  product: Type.String({ minLength: 1, maxLength: 64 }),
  version: Type.String({ minLength: 1, maxLength: 64 }),
  label: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ChromatofDownloadParams = Static<typeof ChromatofDownloadParams>;

/** A cell of the latest-versions table: a true cell shows a check mark, false nothing, text as it is. */
export const LatestVersionsCell = Type.Union([Type.String(), Type.Boolean(), Type.Null()]);
export type LatestVersionsCell = Static<typeof LatestVersionsCell>;

/** SPEC §3 'Latest-versions table'; in each row index 0 is the product, index 2 the version (SPEC §7). */
export const LatestVersions = Type.Object(
  { header: Type.Array(Type.String()), rows: Type.Array(Type.Array(LatestVersionsCell)) },
  { $id: 'LatestVersions' },
);
export type LatestVersions = Static<typeof LatestVersions>;
