import { Type, type Static } from 'typebox';
import { AffectedByMark } from './advisories';
import { FileDetails, ReleaseNotesLink } from './files';
import { SbomLink } from './sboms';

/** API paths of the Cornerstone releases (docs/decisions/030-catalogue-api-paths.md). */
export const RELEASES_PATHS = {
  families: '/v1/Cornerstone/families',
  versions: '/v1/Cornerstone/versions',
  version: '/v1/Cornerstone/versions/:name',
  releaseDates: '/v1/Cornerstone/releaseDates',
  /** Public: the latest released version, for the Cornerstone page (docs/decisions/085-public-latest-cornerstone-version.md). */
  latest: '/v1/Cornerstone/latest',
} as const;

/** The 401 text of SPEC §8 for the offline installer lookup. */
export const INVALID_INSTALLER_REGISTRATION_ID = 'Invalid registration ID';

/** Family names that mean something to the screens: Dev is hidden from the matrix; Dev or Demo shows the Configuration Editor. */
export const DEV_FAMILY = 'Dev';
export const DEMO_FAMILY = 'Demo';

/** The families of a registration: family name to flag (Dev and Demo are special). */
export const Families = Type.Record(Type.String(), Type.Boolean(), { $id: 'Families' });
export type Families = Static<typeof Families>;

export const VersionSummary = Type.Object(
  {
    name: Type.String(),
    /** A download link valid for one hour, or null when this version has no offline installer. */
    offlineInstaller: Type.Union([Type.String(), Type.Null()]),
    offlineInstallerBuiltAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    families: Type.Record(Type.String(), Type.Boolean()),
    /** Added to SPEC §3's fields: the offline installer's file details, null when there is none. */
    offlineInstallerFile: Type.Union([FileDetails, Type.Null()]),
    /** Added: the version's release date (YYYY-MM-DD), null when not published. */
    releaseDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** Added: the version's release notes, null when none are published. */
    releaseNotes: Type.Union([ReleaseNotesLink, Type.Null()]),
    /** Added: the version's software bill of materials (docs/sbom.md), null when none is published. */
    sbom: Type.Union([SbomLink, Type.Null()]),
    /**
     * Added (docs/security-advisories.md): the published advisories that name this version as
     * affected, newest first; the API always sends it, empty when none (affectedByText says it).
     */
    affectedBy: Type.Optional(Type.Array(AffectedByMark)),
  },
  { $id: 'VersionSummary' },
);
export type VersionSummary = Static<typeof VersionSummary>;

/** Map of version name to its summary. */
export const Versions = Type.Record(Type.String(), VersionSummary, { $id: 'Versions' });
export type Versions = Static<typeof Versions>;

export const VersionParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
export type VersionParams = Static<typeof VersionParams>;

/** Map of version name to its release date (YYYY-MM-DD). */
export const ReleaseDates = Type.Record(Type.String(), Type.String({ format: 'date' }), { $id: 'ReleaseDates' });
export type ReleaseDates = Static<typeof ReleaseDates>;

/** The latest released Cornerstone version: the highest version name with a release date not in the future. */
export const LatestVersion = Type.Object(
  {
    name: Type.String(),
    /** YYYY-MM-DD */
    releaseDate: Type.String({ format: 'date' }),
  },
  { $id: 'LatestVersion' },
);
export type LatestVersion = Static<typeof LatestVersion>;

/** The 404 text when nothing is released yet. */
export const NO_RELEASED_VERSION = 'No Cornerstone version is released yet';
