import { Type, type Static } from 'typebox';
import { CVSS_SEVERITIES, CVSS_V31_VECTOR_PATTERN, type CvssSeverity } from './cvss-severity';
import { CSAF_PATHS } from './advisory-paths';
import { ADVISORY_KINDS, REMEDIATION_KINDS, VEX_JUSTIFICATIONS } from './advisory-texts';
import { PublishedRelease } from './release-references';

/**
 * Security advisories (docs/security-advisories.md): the portal as a CSAF 2.0 trusted
 * provider. Staff with the `security` role draft, publish and revise advisories and
 * not-affected statements (VEX); each published revision is a CSAF document, signed and
 * hashed once at publish, served under `/.well-known/csaf/`; the public pages, the lookups'
 * marks and the feeds read the same revisions.
 */

/**
 * A tracking ID: the maker's prefix (CSAF_ID_PREFIX), `SA` for an advisory or `VEX` for a
 * not-affected statement, the year of first publication and a number: `ACME-SA-2026-0001`.
 */
export const ADVISORY_ID_PATTERN = '^[A-Z][A-Z0-9]{0,15}-(SA|VEX)-\\d{4}-\\d{4,6}$';

/**
 * CSAF 2.0 §5.1's filename rule: the tracking ID in lower case, every run of characters other
 * than `+`, `-`, a-z and 0-9 replaced by `_`, then `.json`.
 */
export function csafFileName(trackingId: string): string {
  return `${trackingId.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`;
}

/** The path of a published CSAF document (its `.sha256`, `.sha512`, `.asc` add the suffix). */
export function csafDocumentPath(trackingId: string, initialReleaseDate: string): string {
  return `${CSAF_PATHS.directory}${initialReleaseDate.slice(0, 4)}/${csafFileName(trackingId)}`;
}

export const CVE_ID_PATTERN = '^CVE-\\d{4}-\\d{4,}$';
export const CWE_ID_PATTERN = '^CWE-[1-9]\\d{0,5}$';

// In a module of their own, so Home's "What's new" names a severity, and the CVSS calculator's entry
// (cvss.ts) checks a vector, without this module's schemas.
export { CVSS_SEVERITIES, CVSS_SEVERITY_TITLES, CVSS_V31_VECTOR_PATTERN, type CvssSeverity } from './cvss-severity';
// In modules of their own, so the lookups' marks and the public advisory page name them without
// this module's schemas (decision 165).
export { affectedByText } from './advisory-marks';
export {
  ADVISORY_KINDS,
  ADVISORY_MESSAGES,
  REMEDIATION_KIND_TITLES,
  REMEDIATION_KINDS,
  VEX_JUSTIFICATION_TITLES,
  VEX_JUSTIFICATIONS,
  type AdvisoryKind,
  type RemediationKind,
  type VexJustification,
} from './advisory-texts';
export { CSAF_CHECKSUM_SUFFIXES, CSAF_SIGNATURE_SUFFIX } from './advisory-paths';

export interface CvssScore {
  baseScore: number;
  baseSeverity: CvssSeverity;
}

function oneOf<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));
}
const Severity = oneOf(CVSS_SEVERITIES);
const Kind = oneOf(ADVISORY_KINDS);
const RemediationKindSchema = oneOf(REMEDIATION_KINDS);
const Justification = oneOf(VEX_JUSTIFICATIONS);

/** Limits of a draft's fields, in characters or items. */
export const ADVISORY_TITLE_MAX_CHARS = 200;
export const ADVISORY_TEXT_MAX_CHARS = 20_000;
export const ADVISORY_SHORT_TEXT_MAX_CHARS = 500;
export const ADVISORY_VULNERABILITIES_MAX = 50;
export const ADVISORY_RELEASES_MAX = 500;
export const ADVISORY_ITEMS_MAX = 50;
export const REVISION_SUMMARY_MAX_CHARS = 500;

/**
 * Text a person typed: any characters but control characters (line breaks and tabs are kept).
 * HTML is taken as text: the CSAF document is JSON and every page shows it as text.
 */
const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';
const LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$';
const Line = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: LINE_PATTERN });
const Text = (maxLength: number) => Type.String({ maxLength, pattern: TEXT_PATTERN });
/** A release, by releaseReferenceKey (`cornerstone:2.8.1`); one not in the catalogue is refused with the field named. */
const ReleaseKey = Type.String({ minLength: 1, maxLength: 256 });
const ReleaseKeys = Type.Array(ReleaseKey, { maxItems: ADVISORY_RELEASES_MAX, uniqueItems: true });

export const Remediation = Type.Object(
  {
    kind: RemediationKindSchema,
    /** What to do, in words ("Update to Cornerstone 2.10.0 or later."). */
    text: Line(ADVISORY_SHORT_TEXT_MAX_CHARS),
    /** The affected releases the remediation is for; empty: every affected release of the vulnerability. */
    releases: ReleaseKeys,
    /** vendor_fix: the release to update to (its lookup is the remediation's URL). */
    updateTo: Type.Optional(ReleaseKey),
  },
  { additionalProperties: false },
);
export type Remediation = Static<typeof Remediation>;

export const Cwe = Type.Object(
  {
    id: Type.String({ pattern: CWE_ID_PATTERN, maxLength: 10 }),
    name: Line(ADVISORY_SHORT_TEXT_MAX_CHARS),
  },
  { additionalProperties: false },
);
export type Cwe = Static<typeof Cwe>;

export const AdvisoryVulnerability = Type.Object(
  {
    cve: Type.Optional(Type.String({ pattern: CVE_ID_PATTERN, maxLength: 32 })),
    cwe: Type.Optional(Cwe),
    /** A short name of the vulnerability (CSAF `vulnerabilities[].title`). */
    title: Type.Optional(Line(ADVISORY_TITLE_MAX_CHARS)),
    description: Type.String({ minLength: 1, maxLength: ADVISORY_TEXT_MAX_CHARS, pattern: TEXT_PATTERN }),
    /** CVSS v3.1 base vector; the score and severity are computed (cvssBaseScore). */
    cvssVector: Type.Optional(Type.String({ maxLength: 200, pattern: CVSS_V31_VECTOR_PATTERN })),
    /** Releases that are affected (CSAF known_affected). */
    affected: ReleaseKeys,
    /** Releases that carry the fix (CSAF fixed). */
    fixed: ReleaseKeys,
    remediations: Type.Array(Remediation, { maxItems: ADVISORY_ITEMS_MAX }),
  },
  { additionalProperties: false },
);
export type AdvisoryVulnerability = Static<typeof AdvisoryVulnerability>;

/** A not-affected statement (VEX): these releases are not affected by the CVE, and why. */
export const VexStatement = Type.Object(
  {
    cve: Type.String({ pattern: CVE_ID_PATTERN, maxLength: 32 }),
    /** Releases that are not affected (CSAF known_not_affected): at least one. */
    products: Type.Array(ReleaseKey, { minItems: 1, maxItems: ADVISORY_RELEASES_MAX, uniqueItems: true }),
    justification: Justification,
    /** Why, in words (CSAF threat of category impact). */
    impactStatement: Type.Optional(Line(ADVISORY_SHORT_TEXT_MAX_CHARS)),
  },
  { additionalProperties: false },
);
export type VexStatement = Static<typeof VexStatement>;

export const Acknowledgment = Type.Object(
  {
    names: Type.Array(Line(200), { maxItems: ADVISORY_ITEMS_MAX }),
    organization: Type.Optional(Line(200)),
  },
  { additionalProperties: false },
);
export type Acknowledgment = Static<typeof Acknowledgment>;

/**
 * What a draft holds (POST and PUT body). `advisory`: one or more vulnerabilities, a CSAF
 * security advisory (it may also state releases not affected). `vex`: one or more
 * not-affected statements and no vulnerability, a CSAF VEX document.
 */
export const AdvisoryDraftContent = Type.Object(
  {
    kind: Kind,
    title: Line(ADVISORY_TITLE_MAX_CHARS),
    summary: Type.String({ minLength: 1, maxLength: ADVISORY_TEXT_MAX_CHARS, pattern: TEXT_PATTERN }),
    vulnerabilities: Type.Array(AdvisoryVulnerability, { maxItems: ADVISORY_VULNERABILITIES_MAX }),
    notAffected: Type.Array(VexStatement, { maxItems: ADVISORY_VULNERABILITIES_MAX }),
    acknowledgments: Type.Array(Acknowledgment, { maxItems: ADVISORY_ITEMS_MAX }),
    /** For the security team only: never in the CSAF document, a public page or a feed. */
    internalNote: Text(ADVISORY_TEXT_MAX_CHARS),
  },
  { additionalProperties: false, $id: 'AdvisoryDraftContent' },
);
export type AdvisoryDraftContent = Static<typeof AdvisoryDraftContent>;

export const AdvisoryDraftParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type AdvisoryDraftParams = Static<typeof AdvisoryDraftParams>;
export const AdvisoryParams = Type.Object({
  advisoryId: Type.String({ pattern: ADVISORY_ID_PATTERN, maxLength: 40 }),
});
export type AdvisoryParams = Static<typeof AdvisoryParams>;

export const AdvisoryDraft = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    /** The published advisory this draft revises; null for a new advisory. */
    advisoryId: Type.Union([Type.String(), Type.Null()]),
    content: AdvisoryDraftContent,
    createdBy: Type.String(),
    updatedBy: Type.String(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'AdvisoryDraft' },
);
export type AdvisoryDraft = Static<typeof AdvisoryDraft>;

export const AdvisoryDraftList = Type.Object(
  {
    drafts: Type.Array(
      Type.Object({
        id: Type.String(),
        advisoryId: Type.Union([Type.String(), Type.Null()]),
        kind: Kind,
        title: Type.String(),
        updatedBy: Type.String(),
        updatedAt: Type.String(),
      }),
    ),
  },
  { $id: 'AdvisoryDraftList' },
);
export type AdvisoryDraftList = Static<typeof AdvisoryDraftList>;

export const SecurityReleases = Type.Object({ releases: Type.Array(PublishedRelease) }, { $id: 'SecurityReleases' });
export type SecurityReleases = Static<typeof SecurityReleases>;

export const PublishAdvisoryRequest = Type.Object(
  {
    /** What this revision changes: required for a revision; a first publication says "Initial version." when absent. */
    revisionSummary: Type.Optional(Line(REVISION_SUMMARY_MAX_CHARS)),
  },
  { additionalProperties: false },
);
export type PublishAdvisoryRequest = Static<typeof PublishAdvisoryRequest>;

/** One problem the CSAF validator (or the portal's own checks) found: where, and what. */
export const CsafProblem = Type.Object({ instancePath: Type.String(), message: Type.String() });
export type CsafProblem = Static<typeof CsafProblem>;

/** A refused publish (422): the message, then each problem of the document. */
export const PublishRefused = Type.Object(
  { message: Type.String(), problems: Type.Array(CsafProblem) },
  { $id: 'PublishRefused' },
);
export type PublishRefused = Static<typeof PublishRefused>;

export const RevisionHistoryEntry = Type.Object({
  /** CSAF tracking.version: 1, 2, 3 … */
  number: Type.String(),
  date: Type.String({ format: 'date-time' }),
  summary: Type.String(),
});
export type RevisionHistoryEntry = Static<typeof RevisionHistoryEntry>;

export const AdvisoryListItem = Type.Object({
  advisoryId: Type.String(),
  kind: Kind,
  title: Type.String(),
  /** The highest severity of its vulnerabilities; null for VEX or when no vector is given. */
  severity: Type.Union([Severity, Type.Null()]),
  baseScore: Type.Union([Type.Number(), Type.Null()]),
  cves: Type.Array(Type.String()),
  /** The product labels it names (`Cornerstone`, `ChromaTOF`, `PX firmware`), for the filter. */
  products: Type.Array(Type.String()),
  initialReleaseDate: Type.String({ format: 'date-time' }),
  currentReleaseDate: Type.String({ format: 'date-time' }),
  /** The current revision's tracking.version. */
  version: Type.String(),
  /** The CSAF document's path (`/.well-known/csaf/white/2026/acme-sa-2026-0001.json`). */
  csafUrl: Type.String(),
});
export type AdvisoryListItem = Static<typeof AdvisoryListItem>;

export const AdvisoryList = Type.Object({ advisories: Type.Array(AdvisoryListItem) }, { $id: 'AdvisoryList' });
export type AdvisoryList = Static<typeof AdvisoryList>;

export const AdvisoryListQuery = Type.Object(
  { product: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
);
export type AdvisoryListQuery = Static<typeof AdvisoryListQuery>;

/** A release as a public page names it: its key, its label, and the lookup page that offers it. */
export const AdvisoryRelease = Type.Object({ key: Type.String(), label: Type.String() });
export type AdvisoryRelease = Static<typeof AdvisoryRelease>;

export const AdvisoryDetail = Type.Object(
  {
    ...AdvisoryListItem.properties,
    summary: Type.String(),
    vulnerabilities: Type.Array(
      Type.Object({
        cve: Type.Union([Type.String(), Type.Null()]),
        cwe: Type.Union([Cwe, Type.Null()]),
        title: Type.Union([Type.String(), Type.Null()]),
        description: Type.String(),
        cvssVector: Type.Union([Type.String(), Type.Null()]),
        baseScore: Type.Union([Type.Number(), Type.Null()]),
        severity: Type.Union([Severity, Type.Null()]),
        affected: Type.Array(AdvisoryRelease),
        fixed: Type.Array(AdvisoryRelease),
        remediations: Type.Array(
          Type.Object({
            kind: RemediationKindSchema,
            text: Type.String(),
            releases: Type.Array(AdvisoryRelease),
            updateTo: Type.Union([AdvisoryRelease, Type.Null()]),
          }),
        ),
      }),
    ),
    notAffected: Type.Array(
      Type.Object({
        cve: Type.String(),
        products: Type.Array(AdvisoryRelease),
        justification: Justification,
        impactStatement: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    acknowledgments: Type.Array(Acknowledgment),
    revisionHistory: Type.Array(RevisionHistoryEntry),
  },
  { $id: 'AdvisoryDetail' },
);
export type AdvisoryDetail = Static<typeof AdvisoryDetail>;

/** A draft's preview: the CSAF document it would publish, the public page, and what the validator refuses. */
export const AdvisoryPreview = Type.Object(
  {
    csaf: Type.Unknown(),
    advisory: AdvisoryDetail,
    problems: Type.Array(CsafProblem),
  },
  { $id: 'AdvisoryPreview' },
);
export type AdvisoryPreview = Static<typeof AdvisoryPreview>;

/** What the policy page shows: the contact (mailto: or https:) and the machine-readable addresses. */
export const SecurityPolicy = Type.Object(
  {
    contact: Type.String(),
    securityTxt: Type.String(),
    providerMetadata: Type.String(),
  },
  { $id: 'SecurityPolicy' },
);
export type SecurityPolicy = Static<typeof SecurityPolicy>;

/**
 * The mark a lookup shows on an affected release (offline installer, PIB, ChromaTOF and
 * firmware answers carry `affectedBy` per version, empty when none).
 */
export const AffectedByMark = Type.Object({
  advisoryId: Type.String(),
  title: Type.String(),
  severity: Type.Union([Severity, Type.Null()]),
  /** The label of the first fixed release (`2.10.0`), or null when no fix is published. */
  fixedIn: Type.Union([Type.String(), Type.Null()]),
  /** The advisory's public page (advisoryPagePath). */
  url: Type.String(),
});
export type AffectedByMark = Static<typeof AffectedByMark>;

/** A release key a draft names that is not a published release of the catalogue (400, the field named). */
export function unknownReleaseMessage(field: string, key: string): string {
  return `${field}: ${JSON.stringify(key)} is not a published release of the catalogue.`;
}
