import { Type, type Static } from 'typebox';
import { CHROMATOF_FILE_KINDS } from './chromatof';
import { FILE_NAME_MAX_CHARS } from './files';
import { CUSTOMER_ID_PATTERN } from './registrations';
import { FIRMWARE_INSTRUMENT_NAMES, FIRMWARE_VERSION_NAME_PATTERN } from './firmware';

/**
 * The manifest a publisher puts in a folder beside the files it names, read by
 * `npm run portal -- import <folder>` (docs/publishing.md). File paths are relative to
 * the manifest's folder and may not leave it.
 */
export const MANIFEST_FILE_NAME = 'catalogue.json';

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f]+$' });
const RelativePath = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\u0000-\\u001f\\\\]+$',
});
/** A space-separated list of a configuration (configurations.ts says the forms of its tokens). */
const ConfigurationField = Type.String({ maxLength: 20_000 });
const ManifestEmail = Type.String({ minLength: 3, maxLength: 254 });
const CustomerId = Type.String({ pattern: CUSTOMER_ID_PATTERN.source });

/**
 * A PIB's or DSV's own identity, each optional (docs/publishing.md). The revision's and the
 * effective date's forms are checked by the sections (features/bulletins/section.ts,
 * features/validation-docs/section.ts), which name the entry and the field of a bad one.
 */
const DocumentFields = {
  documentNumber: Type.Optional(Name),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f]+$' })),
  revision: Type.Optional(
    Type.String({ maxLength: 64, description: 'Letters and digits, with . or - between them: A, 2, 1.3' }),
  ),
  effectiveDate: Type.Optional(Type.String({ maxLength: 64, description: 'A calendar day, YYYY-MM-DD' })),
};
export const ManifestDocument = Type.Object(DocumentFields);
export type ManifestDocument = Static<typeof ManifestDocument>;

export const ManifestFile = Type.Object(
  {
    path: RelativePath,
    /** The name a download is saved under; the file's own name when absent. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: FILE_NAME_MAX_CHARS })),
    contentType: Type.Optional(Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$' })),
  },
  { additionalProperties: false },
);

/** ChromaTOF releases, downloaded by key ID (docs/publishing.md); which key IDs may download them is in `keyIds`. */
const ChromatofSection = Type.Object(
  {
    releases: Type.Array(
      Type.Object(
        {
          product: Name,
          version: Name,
          releaseDate: Type.Optional(Type.String({ format: 'date' })),
          files: Type.Array(
            Type.Object(
              {
                /** What the download is called, after the product and version: 'Installer (64-bit)'. */
                label: Name,
                kind: Type.Union(CHROMATOF_FILE_KINDS.map((kind) => Type.Literal(kind))),
                file: ManifestFile,
              },
              { additionalProperties: false },
            ),
            { minItems: 1 },
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
/** Release notes shown with a firmware release: at most this many characters. */
export const FIRMWARE_RELEASE_NOTES_MAX_CHARS = 20_000;

/**
 * A firmware release of one instrument (docs/firmware.md): its update.zip, and its release
 * notes either as text or as a UTF-8 text file in the folder.
 */
export const ManifestFirmwareRelease = Type.Object(
  {
    instrument: Type.Union(FIRMWARE_INSTRUMENT_NAMES.map((name) => Type.Literal(name))),
    /** Unique across instruments: the download URL is firmware/{version}/update.zip. */
    version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }),
    releaseDate: Type.String({ format: 'date' }),
    releaseNotes: Type.Optional(Type.String({ maxLength: FIRMWARE_RELEASE_NOTES_MAX_CHARS })),
    releaseNotesFile: Type.Optional(RelativePath),
    update: ManifestFile,
  },
  { additionalProperties: false },
);
export type ManifestFirmwareRelease = Static<typeof ManifestFirmwareRelease>;

export const CatalogueManifest = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    /** Every product family; Dev and Demo are families too. */
    families: Type.Array(Name, { minItems: 1, uniqueItems: true }),
    versions: Type.Array(
      Type.Object(
        {
          name: Name,
          /** Families this version is available to. */
          families: Type.Array(Name, { uniqueItems: true }),
          releaseDate: Type.Optional(Type.String({ format: 'date' })),
          offlineInstaller: Type.Optional(ManifestFile),
          offlineInstallerBuiltAt: Type.Optional(Type.String({ format: 'date-time' })),
        },
        { additionalProperties: false },
      ),
    ),
    registrations: Type.Array(
      Type.Object(
        {
          /** Stored only as a keyed digest. */
          registrationId: CustomerId,
          family: Name,
          /** Extra family flags of this registration, e.g. Dev or Demo. */
          flags: Type.Optional(Type.Array(Name, { uniqueItems: true })),
          revoked: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    keyIds: Type.Optional(
      Type.Array(
        Type.Object(
          {
            keyId: CustomerId,
            /** The product whose PIBs the key ID opens. */
            product: Name,
            /** The ChromaTOF products (of `chromatof.releases`) whose releases it may download; default: its product. */
            downloads: Type.Optional(Type.Array(Name, { uniqueItems: true })),
            revoked: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    pibs: Type.Array(
      Type.Object(
        { product: Name, version: Name, internalVariant: Name, variant: Name, file: ManifestFile, ...DocumentFields },
        { additionalProperties: false },
      ),
    ),
    dsvs: Type.Array(
      Type.Object(
        { key: Name, version: Type.String({ maxLength: 64 }), file: ManifestFile, ...DocumentFields },
        { additionalProperties: false },
      ),
    ),
    /** Option codes and their descriptions (Products & Options). */
    options: Type.Optional(
      Type.Array(
        Type.Object(
          { code: Name, description: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
      ),
    ),
    /** The products of each family in each version, with their space-separated lists (SPEC §3). */
    configurations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            product: Name,
            friendlyFamily: Name,
            currentVersion: Name,
            packages: Type.Optional(ConfigurationField),
            trueOptions: Type.Optional(ConfigurationField),
            falseOptions: Type.Optional(ConfigurationField),
            expirableOptions: Type.Optional(ConfigurationField),
            trueRanges: Type.Optional(ConfigurationField),
            trueAnalytes: Type.Optional(ConfigurationField),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Password reset of registrations (docs/password-reset.md); each registration ID must be in "registrations". */
    passwordReset: Type.Optional(
      Type.Array(
        Type.Object(
          {
            registrationId: CustomerId,
            requiresAuthorizedAdmins: Type.Boolean(),
            /** The first list of authorized admin e-mails; managers change it in the portal afterwards. */
            authorizedAdminEmails: Type.Optional(Type.Array(ManifestEmail, { maxItems: 20, uniqueItems: true })),
            /** Staff addresses that may change the list. */
            managers: Type.Optional(Type.Array(ManifestEmail, { maxItems: 100, uniqueItems: true })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /**
     * Release notes: one published file per product and version (docs/publishing.md). The
     * lookups link them from the Cornerstone versions (product "Cornerstone") and from the
     * PIBs of the same product and version.
     */
    releaseNotes: Type.Optional(
      Type.Array(Type.Object({ product: Name, version: Name, file: ManifestFile }, { additionalProperties: false })),
    ),
    chromatof: Type.Optional(ChromatofSection),
    /** Metallographics firmware: releases per instrument; the highest version of each is its latest. */
    firmware: Type.Optional(Type.Array(ManifestFirmwareRelease)),
  },
  { additionalProperties: false, $id: 'CatalogueManifest' },
);
export type CatalogueManifest = Static<typeof CatalogueManifest>;
export type ManifestFile = Static<typeof ManifestFile>;
