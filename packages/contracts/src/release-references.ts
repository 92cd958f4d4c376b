import { Type, type Static } from 'typebox';
import { FIRMWARE_INSTRUMENT_NAMES, FIRMWARE_VERSION_NAME_PATTERN, type FirmwareInstrumentName } from './firmware';
import { RELEASE_NAME_PATTERN } from './release-reference-keys';

// In a module of their own, so the public advisory page reads a release key without these schemas (decision 165).
export {
  RELEASE_KINDS,
  newAdvisoryForReleases,
  parseReleaseReferenceKey,
  releaseProductName,
  releaseReferenceKey,
  releaseReferenceLabel,
  sameRelease,
  type ReleaseKind,
} from './release-reference-keys';

const VersionText = Type.String({ minLength: 1, maxLength: 64, pattern: RELEASE_NAME_PATTERN });

/**
 * One published release of the catalogue, named the same way by everything that speaks of
 * releases rather than files: a security advisory's affected and fixed versions, an SBOM's
 * release, the component search's results (docs/decisions/200-release-references.md).
 *
 * - `cornerstone`: a Cornerstone version, by its name (`2.8.1`).
 * - `chromatof`: a ChromaTOF release, by its product and version (`ChromaTOF` `6.1.0`).
 * - `firmware`: a firmware release of one instrument series, by its version name
 *   (unique across the series, as its download path is).
 *
 * The kinds, a reference's one string form (its key) and how a person reads it are in
 * release-reference-keys.ts.
 */
export const ReleaseReference = Type.Union(
  [
    Type.Object({ kind: Type.Literal('cornerstone'), version: VersionText }, { additionalProperties: false }),
    Type.Object(
      { kind: Type.Literal('chromatof'), product: VersionText, version: VersionText },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('firmware'),
        instrument: Type.Unsafe<FirmwareInstrumentName>(
          Type.Union(FIRMWARE_INSTRUMENT_NAMES.map((name) => Type.Literal(name))),
        ),
        version: Type.String({ pattern: FIRMWARE_VERSION_NAME_PATTERN }),
      },
      { additionalProperties: false },
    ),
  ],
  { $id: 'ReleaseReference' },
);
export type ReleaseReference = Static<typeof ReleaseReference>;

/** A published release as the staff pickers and search results list it. */
export const PublishedRelease = Type.Object(
  {
    reference: ReleaseReference,
    /** `releaseReferenceKey(reference)`: stable, for a form value, a table key or an address. */
    key: Type.String(),
    /** `releaseReferenceLabel(reference)`. */
    label: Type.String(),
    releaseDate: Type.Union([Type.String(), Type.Null()]),
    /** True when every file of the release is withdrawn: it is still named, never offered. */
    withdrawn: Type.Boolean(),
  },
  { $id: 'PublishedRelease' },
);
export type PublishedRelease = Static<typeof PublishedRelease>;
