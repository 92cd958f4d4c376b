import { Type, type Static } from 'typebox';
import { AffectedByMark } from './advisories';
import { SbomLink } from './sboms';

export const FirmwareRelease = Type.Object({
  version: Type.String(),
  /** YYYY-MM-DD */
  releaseDate: Type.String({ format: 'date' }),
  sizeBytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  releaseNotes: Type.String(),
  /** The update.zip, relative to the metadata file's own address (root-relative: /firmware/…). */
  url: Type.String(),
});
export type FirmwareRelease = Static<typeof FirmwareRelease>;

/**
 * The firmware metadata file (SPEC §3: `latestVersions`, instrument → version name), with
 * what an instrument needs to trust and check a download: each latest release's details,
 * a sequence number that grows with every publish (a lower one is a rollback) and an
 * expiry (a metadata file past it is frozen). Signed: FIRMWARE_PATHS.signature.
 */
export const FirmwareMetadata = Type.Object(
  {
    latestVersions: Type.Record(Type.String(), Type.String()),
    releases: Type.Record(Type.String(), FirmwareRelease),
    sequence: Type.Integer({ minimum: 1 }),
    issuedAt: Type.String({ format: 'date-time' }),
    expires: Type.String({ format: 'date-time' }),
  },
  { $id: 'FirmwareMetadata' },
);
export type FirmwareMetadata = Static<typeof FirmwareMetadata>;

/** One published release as the firmware pages list it: the metadata's details, its instrument and its notes' address. */
export const FirmwareReleaseListing = Type.Object({
  instrument: Type.String(),
  version: Type.String(),
  /** YYYY-MM-DD */
  releaseDate: Type.String({ format: 'date' }),
  sizeBytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** Plain text, shown as text: never markup. */
  releaseNotes: Type.String(),
  /** The update.zip (root-relative: /firmware/…). */
  url: Type.String(),
  /** The notes as a text file (root-relative). */
  releaseNotesUrl: Type.String(),
  /** The published advisories that name this release as affected (docs/security-advisories.md); empty when none. */
  affectedBy: Type.Optional(Type.Array(AffectedByMark)),
  /** Its software bill of materials (docs/sbom.md), at a public path (firmwareSbomPath); null without one. */
  sbom: Type.Union([SbomLink, Type.Null()]),
});
export type FirmwareReleaseListing = Static<typeof FirmwareReleaseListing>;

/**
 * Every firmware release still published (FIRMWARE_PATHS.releases), each instrument's newest
 * first: the pages show the earlier ones too. Not signed: instruments trust the metadata
 * file; a person checks a download against the SHA-256 shown beside it.
 */
export const FirmwareReleases = Type.Object(
  { releases: Type.Array(FirmwareReleaseListing) },
  { $id: 'FirmwareReleases' },
);
export type FirmwareReleases = Static<typeof FirmwareReleases>;
