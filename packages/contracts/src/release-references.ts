import { Type, type Static } from 'typebox';
import {
  FIRMWARE_INSTRUMENT_NAMES,
  FIRMWARE_VERSION_NAME_PATTERN,
  firmwareReleaseName,
  type FirmwareInstrumentName,
} from './firmware';
import { ADVISORY_AFFECTED_PARAM, NEW_ADVISORY_PAGE } from './advisory-paths';

/**
 * One published release of the catalogue, named the same way by everything that speaks of
 * releases rather than files: a security advisory's affected and fixed versions, an SBOM's
 * release, the component search's results (docs/decisions/200-release-references.md).
 *
 * - `cornerstone`: a Cornerstone version, by its name (`2.8.1`).
 * - `chromatof`: a ChromaTOF release, by its product and version (`ChromaTOF` `6.1.0`).
 * - `firmware`: a firmware release of one instrument series, by its version name
 *   (unique across the series, as its download path is).
 */
export const RELEASE_KINDS = ['cornerstone', 'chromatof', 'firmware'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

/** A Cornerstone or ChromaTOF version or product name: 1 to 64 characters, no control character. */
const RELEASE_NAME_PATTERN = '^[^\\u0000-\\u001f]{1,64}$';
const VersionText = Type.String({ minLength: 1, maxLength: 64, pattern: RELEASE_NAME_PATTERN });

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

const KEY_SEPARATOR = ':';

/**
 * The one string form of a reference: its parts URI-encoded and joined by `:`
 * (`cornerstone:2.8.1`, `chromatof:ChromaTOF:6.1.0`, `firmware:PX:002.002.010`). A database
 * column, a form's value and a query parameter all hold this form.
 */
export function releaseReferenceKey(reference: ReleaseReference): string {
  const parts =
    reference.kind === 'cornerstone'
      ? [reference.kind, reference.version]
      : reference.kind === 'chromatof'
        ? [reference.kind, reference.product, reference.version]
        : [reference.kind, reference.instrument, reference.version];
  return parts.map(encodeURIComponent).join(KEY_SEPARATOR);
}

/** The reference a key names, or undefined for a string that is not one (never throws). */
export function parseReleaseReferenceKey(key: string): ReleaseReference | undefined {
  if (key.length > 256) return undefined;
  let parts: string[];
  try {
    parts = key.split(KEY_SEPARATOR).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [kind, ...rest] = parts;
  const releaseName = new RegExp(RELEASE_NAME_PATTERN);
  const text = (value: string | undefined): value is string => value !== undefined && releaseName.test(value);
  if (kind === 'cornerstone' && rest.length === 1 && text(rest[0])) return { kind, version: rest[0] };
  if (kind === 'chromatof' && rest.length === 2 && text(rest[0]) && text(rest[1]))
    return { kind, product: rest[0], version: rest[1] };
  if (kind === 'firmware' && rest.length === 2) {
    const [instrument, version] = rest as [string, string];
    const series = FIRMWARE_INSTRUMENT_NAMES.find((name) => name === instrument);
    if (series && new RegExp(FIRMWARE_VERSION_NAME_PATTERN).test(version)) return { kind, instrument: series, version };
  }
  return undefined;
}

/**
 * How a person reads a reference: `Cornerstone 2.8.1`, `ChromaTOF 6.1.0`,
 * `PX firmware v010 (002.002.010)` (SPEC §5's name and the version as written).
 */
export function releaseReferenceLabel(reference: ReleaseReference): string {
  switch (reference.kind) {
    case 'cornerstone':
      return `Cornerstone ${reference.version}`;
    case 'chromatof':
      return `${reference.product} ${reference.version}`;
    case 'firmware':
      return firmwareReleaseName(reference.instrument, reference.version);
  }
}

/**
 * The product a release belongs to, as advisories, their filter and the release pickers name
 * it: `Cornerstone`, a ChromaTOF product (`ChromaTOF`), a firmware series (`PX firmware`).
 */
export function releaseProductName(reference: ReleaseReference): string {
  switch (reference.kind) {
    case 'cornerstone':
      return 'Cornerstone';
    case 'chromatof':
      return reference.product;
    case 'firmware':
      return `${reference.instrument} firmware`;
  }
}

/** Whether two references name the same release. */
export function sameRelease(a: ReleaseReference, b: ReleaseReference): boolean {
  return releaseReferenceKey(a) === releaseReferenceKey(b);
}

/**
 * The page that opens a new advisory draft (issue 34's screen), and the address that opens
 * one with these releases as affected: what the component search's "Draft an advisory for
 * these releases" links to (issue 35). The screen reads `affected` (repeated) as keys.
 */
export function newAdvisoryForReleases(references: readonly ReleaseReference[]): string {
  const query = new URLSearchParams(
    references.map((reference): [string, string] => [ADVISORY_AFFECTED_PARAM, releaseReferenceKey(reference)]),
  );
  return references.length === 0 ? NEW_ADVISORY_PAGE : `${NEW_ADVISORY_PAGE}?${query}`;
}
