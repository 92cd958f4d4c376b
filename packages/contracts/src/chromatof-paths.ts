/**
 * ChromaTOF downloads by key ID and the staff table of latest releases (SPEC §2, §3, §7, §8).
 *
 * The download lookup is hypermedia (docs/decisions/060-chromatof-download-lookup.md): the
 * web app knows only the first URL (CHROMATOF_DOWNLOADS_URL, a runtime setting) and follows
 * the `href`s it is given, so the paths below are the API's business. Each answer's `_links`
 * holds only the entries a client follows (no `self`): SPEC §7's client takes the first entry.
 *
 * A module without schemas, so the ChromaTOF page names its texts without bringing TypeBox
 * and the downloads' schemas into the browser (decision 165); the schemas are in chromatof.ts.
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
