import { Type, type Static } from 'typebox';
import { AffectedByMark } from './advisories';
import { DocumentDetails, FileDetails, ReleaseNotesLink } from './files';

export const BULLETINS_PATHS = { bulletins: '/v1/ProductInformationBulletins' } as const;

/** The product whose PIBs the Cornerstone registration IDs open, and the one the release matrix shows. */
export const CORNERSTONE_PRODUCT = 'Cornerstone';

/** The 401 texts of SPEC §8 for the PIB lookups, spelled as the spec spells them. */
export const INVALID_PIB_REGISTRATION_ID = 'Invalid Registration ID';
export const INVALID_KEY_ID = 'Invalid key ID';

export const Pib = Type.Object(
  {
    product: Type.String(),
    version: Type.String(),
    internalVariant: Type.String(),
    variant: Type.String(),
    /** A download link valid for one hour. */
    uri: Type.String(),
    /** Added to SPEC §3's fields: what the PIB's file is. */
    file: FileDetails,
    /** Added: the document number, title, revision and effective date, where the manifest gives them. */
    document: DocumentDetails,
    /** Added: the release date the maker states for this product's version (YYYY-MM-DD), null when none is stated. */
    releaseDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** Added: the release notes of the PIB's product and version, null when none are published. */
    releaseNotes: Type.Union([ReleaseNotesLink, Type.Null()]),
    /**
     * Added (docs/security-advisories.md): the published advisories that name the PIB's release
     * (its Cornerstone version, or its ChromaTOF product's version) as affected, newest first;
     * the API always sends it, empty when none.
     */
    affectedBy: Type.Array(AffectedByMark),
  },
  { $id: 'Pib' },
);
export type Pib = Static<typeof Pib>;

export const Pibs = Type.Array(Pib, { $id: 'Pibs' });
export type Pibs = Static<typeof Pibs>;
