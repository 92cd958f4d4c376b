import { ADVISORY_AFFECTED_PARAM, NEW_ADVISORY_PAGE } from './advisory-paths';
import { FIRMWARE_INSTRUMENT_NAMES, FIRMWARE_VERSION_NAME_PATTERN, firmwareReleaseName } from './firmware';
import type { ReleaseReference } from './release-references';

/**
 * The kinds of release a reference names (release-references.ts), its one string form and
 * how a person reads it. A module without schemas, so the public advisory page reads a
 * release key without bringing TypeBox and the release schemas into the browser
 * (decision 165); ReleaseReference and PublishedRelease are in release-references.ts.
 */
export const RELEASE_KINDS = ['cornerstone', 'chromatof', 'firmware'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

/** A Cornerstone or ChromaTOF version or product name: 1 to 64 characters, no control character. */
export const RELEASE_NAME_PATTERN = '^[^\\u0000-\\u001f]{1,64}$';

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
