import { Type, type Static } from 'typebox';
import { FILE_NAME_MAX_CHARS } from './files';

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
const ManifestEmail = Type.String({ minLength: 3, maxLength: 254 });
const CustomerId = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,63}$' });

export const ManifestFile = Type.Object(
  {
    path: RelativePath,
    /** The name a download is saved under; the file's own name when absent. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: FILE_NAME_MAX_CHARS })),
    contentType: Type.Optional(Type.String({ pattern: '^[a-z]+/[a-zA-Z0-9.+-]+$' })),
  },
  { additionalProperties: false },
);

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
          { keyId: CustomerId, product: Name, revoked: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
      ),
    ),
    pibs: Type.Array(
      Type.Object(
        { product: Name, version: Name, internalVariant: Name, variant: Name, file: ManifestFile },
        { additionalProperties: false },
      ),
    ),
    dsvs: Type.Array(
      Type.Object(
        { key: Name, version: Type.String({ maxLength: 64 }), file: ManifestFile },
        { additionalProperties: false },
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
  },
  { additionalProperties: false, $id: 'CatalogueManifest' },
);
export type CatalogueManifest = Static<typeof CatalogueManifest>;
export type ManifestFile = Static<typeof ManifestFile>;
