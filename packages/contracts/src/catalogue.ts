import { Type, type Static } from 'typebox';

/** API paths of the catalogue (docs/decisions/030-catalogue-api-paths.md). */
export const CATALOGUE_PATHS = {
  families: '/v1/Cornerstone/families',
  versions: '/v1/Cornerstone/versions',
  version: '/v1/Cornerstone/versions/:name',
  releaseDates: '/v1/Cornerstone/releaseDates',
  bulletins: '/v1/ProductInformationBulletins',
  dsvs: '/v1/Cornerstone/dsv',
  dsvDownload: '/v1/Cornerstone/DSV/:registrationId/:key',
  file: '/v1/files/:fileId/:fileName',
} as const;

/** The 401 texts of SPEC §8, spelled as the spec spells them. */
export const INVALID_INSTALLER_REGISTRATION_ID = 'Invalid registration ID';
export const INVALID_PIB_REGISTRATION_ID = 'Invalid Registration ID';
export const INVALID_KEY_ID = 'Invalid key ID';
export const INVALID_DSV_REGISTRATION_ID = 'Invalid Registraion ID';

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

export const Pib = Type.Object(
  {
    product: Type.String(),
    version: Type.String(),
    internalVariant: Type.String(),
    variant: Type.String(),
    /** A download link valid for one hour. */
    uri: Type.String(),
  },
  { $id: 'Pib' },
);
export type Pib = Static<typeof Pib>;

export const Pibs = Type.Array(Pib, { $id: 'Pibs' });
export type Pibs = Static<typeof Pibs>;

export const DsvEntry = Type.Object({
  /** digits.digits.digits */
  version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+$' }),
  /** A download link valid for one hour. */
  uri: Type.String(),
});
export type DsvEntry = Static<typeof DsvEntry>;

/** DSV key to its version and download link. */
export const DsvMap = Type.Record(Type.String(), DsvEntry, { $id: 'DsvMap' });
export type DsvMap = Static<typeof DsvMap>;

export const DsvDownloadParams = Type.Object({
  registrationId: Type.String({ minLength: 1, maxLength: 128 }),
  key: Type.String({ minLength: 1, maxLength: 128 }),
});
export type DsvDownloadParams = Static<typeof DsvDownloadParams>;

export const DownloadLink = Type.Object({ uri: Type.String() }, { $id: 'DownloadLink' });
export type DownloadLink = Static<typeof DownloadLink>;

export const FileParams = Type.Object({
  fileId: Type.String({ format: 'uuid' }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
});
export type FileParams = Static<typeof FileParams>;

export const FileQuery = Type.Object({
  /** Expiry, seconds since the epoch. */
  expires: Type.Integer({ minimum: 0 }),
  /** Opaque reference to who the link was made for. */
  grant: Type.String({ pattern: '^(staff|r\\.[0-9a-f]{64})$' }),
  signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
});
export type FileQuery = Static<typeof FileQuery>;
