import type { ReleaseReference } from './release-references';
import type { StaffAccess } from './staff-roles';

/**
 * The addresses of security advisories: the API's, the CSAF distribution's and the web pages'.
 * A module without schemas, so the site's navigation (on every page, Home's too) names them
 * without bringing TypeBox and the advisories' schemas into the browser (decision 165).
 */

/** A draft with these releases as affected: the component search's "Draft an advisory for these releases". */
export const NEW_ADVISORY_PAGE = '/service/security/new';
export const ADVISORY_AFFECTED_PARAM = 'affected';

/** Who drafts, publishes and revises advisories and VEX statements (admin implies it). */
export const SECURITY_ACCESS: StaffAccess = 'security';

/** The staff and public API of advisories. */
export const ADVISORY_PATHS = {
  /** GET (security): every open draft. POST (security): a new draft (body AdvisoryDraftContent). */
  drafts: '/v1/security/drafts',
  /** GET, PUT (body AdvisoryDraftContent), DELETE (security): one draft. */
  draft: '/v1/security/drafts/:id',
  /** GET (security): the draft as it would be published: the CSAF document, the public page, and every problem. */
  preview: '/v1/security/drafts/:id/preview',
  /** POST (security, body PublishAdvisoryRequest): publish the draft as a new advisory or a new revision. */
  publish: '/v1/security/drafts/:id/publish',
  /** POST (security): a new draft holding the published advisory's current content, to revise it. */
  revise: '/v1/security/advisories/:advisoryId/revise',
  /** GET (security): the published releases a draft may name (the pickers' choices). */
  releases: '/v1/security/releases',
  /** GET, public: published advisories and VEX statements, newest first. Query AdvisoryListQuery. */
  advisories: '/v1/advisories',
  /** GET, public: one advisory's page (AdvisoryDetail). */
  advisory: '/v1/advisories/:advisoryId',
  /** GET, public: the contact and addresses the policy page shows (SecurityPolicy). */
  policy: '/v1/advisories/policy',
  /** GET, Atom, public: every published advisory and revision, newest first. */
  feed: '/v1/advisories/feed.atom',
} as const;

/**
 * The CSAF 2.0 distribution (CSAF 2.0 §7.1): answered by the API at these exact paths, never
 * redirected. TLP:WHITE (CSAF 2.0's name for public) is the only distribution.
 */
export const CSAF_PATHS = {
  providerMetadata: '/.well-known/csaf/provider-metadata.json',
  /** The directory (requirement 14): `<year>/<filename>.json` and its `.sha256`, `.sha512`, `.asc`. */
  directory: '/.well-known/csaf/white/',
  /** A year's folder: its listing (requirement 14). */
  yearDirectory: '/.well-known/csaf/white/:year/',
  document: '/.well-known/csaf/white/:year/:file',
  index: '/.well-known/csaf/white/index.txt',
  changes: '/.well-known/csaf/white/changes.csv',
  /** ROLIE (requirements 15-17). */
  feed: '/.well-known/csaf/white/csaf-feed-tlp-white.json',
  service: '/.well-known/csaf/service.json',
  category: '/.well-known/csaf/category-products.json',
  /** The public OpenPGP key: `<FINGERPRINT>.asc`, upper-case hexadecimal. */
  publicKey: '/.well-known/csaf/openpgp/:file',
  securityTxt: '/.well-known/security.txt',
} as const;

/** The filename and `.json` of a published document, each with its checksum and signature. */
export const CSAF_CHECKSUM_SUFFIXES = ['.sha256', '.sha512'] as const;
export const CSAF_SIGNATURE_SUFFIX = '.asc';

/** The public web pages (apps/web). */
export const ADVISORY_PAGES = {
  list: '/security',
  advisory: '/security/:advisoryId',
  policy: '/security/policy',
  staff: '/service/security',
  newDraft: NEW_ADVISORY_PAGE,
  draft: '/service/security/drafts/:id',
} as const;
/** The list page's product filter (a product label, as AdvisoryListItem.products holds it). */
export const ADVISORY_PRODUCT_PARAM = 'product';

export function advisoryPagePath(advisoryId: string): string {
  return ADVISORY_PAGES.advisory.replace(':advisoryId', encodeURIComponent(advisoryId));
}
/**
 * The page where a customer gets a release: a remediation's link ("update to 2.10.0") and the
 * page whose lookup marks an affected release.
 */
export function releaseLookupPage(reference: ReleaseReference): string {
  switch (reference.kind) {
    case 'cornerstone':
      return '/cornerstone/offline';
    case 'chromatof':
      return '/chromatof';
    case 'firmware':
      return `/metallographics/${reference.instrument.toLowerCase()}/firmware`;
  }
}

export function advisoryDraftPagePath(id: string): string {
  return ADVISORY_PAGES.draft.replace(':id', encodeURIComponent(id));
}
