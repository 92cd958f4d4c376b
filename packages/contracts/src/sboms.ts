import { Type, type Static } from 'typebox';
import { FileDetails } from './files';
import { PublishedRelease } from './release-references';

/**
 * Software bills of materials (docs/sbom.md, docs/decisions/210-sboms-in-cyclonedx.md): a
 * CycloneDX JSON document published with a release, offered beside its installer, and
 * indexed at publish for the staff's component search.
 */

/** The one format accepted, and the spec versions of it. */
export const SBOM_FORMAT = 'CycloneDX';
export const SBOM_SPEC_VERSIONS = ['1.4', '1.5', '1.6'] as const;
export type SbomSpecVersion = (typeof SBOM_SPEC_VERSIONS)[number];
/** The media type an SBOM is published with when its entry gives none. */
export const SBOM_CONTENT_TYPE = 'application/vnd.cyclonedx+json';
/** An SBOM larger than this is refused before it is read (64 MiB: a 50,000-component SBOM is about 20 MB). */
export const SBOM_MAX_BYTES = 64 * 1024 * 1024;
/** Arrays and objects nested deeper than this are refused before the JSON is parsed. */
export const SBOM_MAX_NESTING = 100;

/** `CycloneDX 1.6`: the format and spec version, as the lookups name them. */
export function sbomFormatName(specVersion: string): string {
  return `${SBOM_FORMAT} ${specVersion}`;
}

/** `Software bill of materials (CycloneDX 1.6, 42 components)`: what the lookups call the download. */
export function sbomTitle(format: string, componentCount: number): string {
  return `Software bill of materials (${format}, ${componentCount} ${componentCount === 1 ? 'component' : 'components'})`;
}

/** A release's SBOM as the lookups offer it: behind a link signed for the same grant as the installer. */
export const SbomLink = Type.Object(
  {
    uri: Type.String({ description: 'A download link valid for one hour' }),
    /** `CycloneDX 1.6`. */
    format: Type.String(),
    componentCount: Type.Integer({ minimum: 0 }),
    file: FileDetails,
  },
  { description: "The release's software bill of materials, where published", $id: 'SbomLink' },
);
export type SbomLink = Static<typeof SbomLink>;

/** The staff's component search (docs/sbom.md#the-component-search). */
export const COMPONENTS_PATHS = { search: '/v1/components' } as const;

/** The longest `q` or `version` the search takes, in characters. */
export const COMPONENT_QUERY_MAX_CHARS = 200;
/** At most this many components in one answer; `truncated` says when more matched. */
export const COMPONENT_SEARCH_LIMIT = 500;

export const COMPONENT_QUERY_TOO_LONG_MESSAGE = `A search and its version have at most ${COMPONENT_QUERY_MAX_CHARS} characters each.`;
export const COMPONENT_QUERY_EMPTY_MESSAGE = 'Name a component: the start of its name or of its package URL (pkg:…).';
export function malformedPurlMessage(reason: string): string {
  return `This is not a package URL (pkg:type/namespace/name@version): ${reason}`;
}
export function malformedVersionRangeMessage(reason: string): string {
  return `This is not a version nor a version range (vers:scheme/>=1.0|<2.0): ${reason}`;
}

/**
 * `q`: the start of a component's name (any case) or of its package URL (`pkg:…`);
 * `version`: an exact version, or a `vers:` range (https://github.com/package-url/purl-spec, VERS).
 * Their presence and lengths are checked by the route (after the caller's access), with the search's own messages.
 */
export const ComponentSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100_000 })),
    version: Type.Optional(Type.String({ maxLength: 100_000 })),
  },
  { additionalProperties: false },
);
export type ComponentSearchQuery = Static<typeof ComponentSearchQuery>;

export const ComponentMatch = Type.Object({
  release: PublishedRelease,
  /** The product the release is of: `Cornerstone`, `ChromaTOF`, `PX firmware`. */
  product: Type.String(),
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
  purl: Type.Union([Type.String(), Type.Null()]),
});
export type ComponentMatch = Static<typeof ComponentMatch>;

export const ComponentSearchResult = Type.Object(
  {
    matches: Type.Array(ComponentMatch),
    /** More than COMPONENT_SEARCH_LIMIT components matched: narrow the search. */
    truncated: Type.Boolean(),
  },
  { $id: 'ComponentSearchResult' },
);
export type ComponentSearchResult = Static<typeof ComponentSearchResult>;
