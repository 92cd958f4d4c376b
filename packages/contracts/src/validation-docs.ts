import { Type, type Static } from 'typebox';
import { DocumentDetails, FileDetails } from './files';

export const VALIDATION_DOCS_PATHS = {
  dsvs: '/v1/Cornerstone/dsv',
  dsvDownload: '/v1/Cornerstone/DSV/:registrationId/:key',
} as const;

/** The 401 text of SPEC §8 for the DSV lookup, misspelled as the spec spells it. */
export const INVALID_DSV_REGISTRATION_ID = 'Invalid Registraion ID';

/**
 * DSV entries are kept only for versions of this shape (SPEC §5). Its source is a string of
 * its own so that the schema below is pure: a web page that reads no DSV leaves it out
 * (decision 165).
 */
const DSV_VERSION_SOURCE = '^\\d+\\.\\d+\\.\\d+$';
export const DSV_VERSION_PATTERN = new RegExp(DSV_VERSION_SOURCE);

export const DsvEntry = Type.Object({
  version: Type.String({ pattern: DSV_VERSION_SOURCE }),
  /** A download link valid for one hour. */
  uri: Type.String(),
  /** Added to SPEC §3's fields: what the DSV's file is. */
  file: FileDetails,
  /** Added: the document number, title, revision and effective date, where the manifest gives them. */
  document: DocumentDetails,
  /** Added: the release date the maker states for the Cornerstone version (YYYY-MM-DD), null when none is stated. */
  releaseDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
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
