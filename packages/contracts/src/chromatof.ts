import { Type, type Static } from 'typebox';
import { AffectedByMark } from './advisories';
import { CHROMATOF_DOWNLOAD_KINDS, type ChromatofDownloadKind } from './chromatof-paths';

/**
 * The schemas of the ChromaTOF downloads by key ID and of the staff table of latest releases
 * (SPEC §2, §3, §7, §8); the paths, texts and kinds are in chromatof-paths.ts.
 */
// In a module of their own, so the ChromaTOF page names its texts without these schemas (decision 165).
export {
  CHROMATOF_DOWNLOAD_KINDS,
  CHROMATOF_FILE_KINDS,
  CHROMATOF_PATHS,
  FINDING_CHROMATOF,
  HAL_CONTENT_TYPE,
  INCORRECT_KEY,
  NO_CHROMATOF_DOWNLOADS,
  type ChromatofDownloadKind,
  type ChromatofFileKind,
} from './chromatof-paths';

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
