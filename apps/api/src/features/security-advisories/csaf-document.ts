import {
  advisoryPagePath,
  releaseLookupPage,
  releaseProductName,
  type AdvisoryDraftContent,
  type ReleaseReference,
  type RevisionHistoryEntry,
} from '@portal/contracts';
import { cvssBaseScore } from '@portal/contracts/cvss';

/**
 * A CSAF 2.0 document (OASIS CSAF 2.0, §3 and §4) built from a draft's content: the
 * `csaf_security_advisory` profile for an advisory, `csaf_vex` for a not-affected statement.
 * Everything public in it comes from the content; the internal note never does.
 */

/** A release a draft names, as the catalogue knows it. */
export interface NamedRelease {
  key: string;
  reference: ReleaseReference;
  label: string;
}

export interface Tracking {
  id: string;
  /** tracking.version: the newest revision's number. */
  version: number;
  initialReleaseDate: string;
  currentReleaseDate: string;
  revisionHistory: RevisionHistoryEntry[];
}

export interface Publisher {
  name: string;
  /** The publisher's namespace: PUBLIC_URL's origin. */
  namespace: string;
  contactDetails: string;
  publicUrl: URL;
}

export const CSAF_CATEGORY = { advisory: 'csaf_security_advisory', vex: 'csaf_vex' } as const;

/** The version a product_version branch names. */
function versionName(reference: ReleaseReference): string {
  return reference.version;
}

/** A CSAF product ID is the release's key: stable, unique, and read back by the lookups' marks. */
export const productIdOf = (key: string) => key;

/** Every release key a content names, in the order it names them. */
export function namedReleaseKeys(content: AdvisoryDraftContent): string[] {
  const keys = new Set<string>();
  for (const vulnerability of content.vulnerabilities) {
    for (const key of [...vulnerability.affected, ...vulnerability.fixed]) keys.add(key);
    for (const remediation of vulnerability.remediations) {
      for (const key of remediation.releases) keys.add(key);
      if (remediation.updateTo) keys.add(remediation.updateTo);
    }
  }
  for (const statement of content.notAffected) for (const key of statement.products) keys.add(key);
  return [...keys];
}

export function csafDocument(
  content: AdvisoryDraftContent,
  releases: ReadonlyMap<string, NamedRelease>,
  tracking: Tracking,
  publisher: Publisher,
  csafUrl: string,
): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, publisher.publicUrl).href;
  const release = (key: string) => {
    const named = releases.get(key);
    if (!named) throw new Error(`release ${key} is not named`);
    return named;
  };
  const vulnerabilityEntries = content.vulnerabilities.map((vulnerability) => {
    const score = vulnerability.cvssVector ? cvssBaseScore(vulnerability.cvssVector) : undefined;
    const affectedIds = vulnerability.affected.map(productIdOf);
    return compact({
      cve: vulnerability.cve,
      cwe: vulnerability.cwe,
      title: vulnerability.title,
      notes: [{ category: 'description', title: 'Description', text: vulnerability.description }],
      product_status: compact({
        known_affected: nonEmpty(affectedIds),
        fixed: nonEmpty(vulnerability.fixed.map(productIdOf)),
      }),
      remediations: nonEmpty(
        vulnerability.remediations.map((remediation) =>
          compact({
            category: remediation.kind,
            details: remediation.text,
            product_ids: remediation.releases.length > 0 ? remediation.releases.map(productIdOf) : affectedIds,
            url: remediation.updateTo
              ? absolute(releaseLookupPage(release(remediation.updateTo).reference))
              : undefined,
          }),
        ),
      ),
      scores:
        vulnerability.cvssVector && score && affectedIds.length > 0
          ? [{ products: affectedIds, cvss_v3: cvssV3(vulnerability.cvssVector, score) }]
          : undefined,
    });
  });
  const statementEntries = content.notAffected.map((statement) => {
    const ids = statement.products.map(productIdOf);
    return compact({
      cve: statement.cve,
      notes: [
        {
          category: 'description',
          title: 'Not affected',
          text: `${statement.products.map((key) => release(key).label).join(', ')}: not affected by ${statement.cve}.`,
        },
      ],
      product_status: { known_not_affected: ids },
      flags: [{ label: statement.justification, product_ids: ids }],
      threats: statement.impactStatement
        ? [{ category: 'impact', details: statement.impactStatement, product_ids: ids }]
        : undefined,
    });
  });
  return {
    document: compact({
      acknowledgments: nonEmpty(
        content.acknowledgments.map((acknowledgment) =>
          compact({ names: nonEmpty(acknowledgment.names), organization: acknowledgment.organization }),
        ),
      ),
      category: CSAF_CATEGORY[content.kind],
      csaf_version: '2.0',
      distribution: { tlp: { label: 'WHITE', url: 'https://www.first.org/tlp/' } },
      lang: 'en',
      notes: [{ category: 'summary', title: 'Summary', text: content.summary }],
      publisher: {
        category: 'vendor',
        name: publisher.name,
        namespace: publisher.namespace,
        contact_details: publisher.contactDetails,
      },
      references: [
        { category: 'self', summary: 'This CSAF document', url: csafUrl },
        { category: 'self', summary: 'The advisory page', url: absolute(advisoryPagePath(tracking.id)) },
      ],
      title: content.title,
      tracking: {
        current_release_date: tracking.currentReleaseDate,
        id: tracking.id,
        initial_release_date: tracking.initialReleaseDate,
        revision_history: tracking.revisionHistory.map((entry) => ({
          date: entry.date,
          number: entry.number,
          summary: entry.summary,
        })),
        status: 'final',
        version: String(tracking.version),
      },
    }),
    product_tree: productTree(publisher.name, namedReleaseKeys(content).map(release)),
    vulnerabilities: [...vulnerabilityEntries, ...statementEntries],
  };
}

/** vendor → product name → product version, each release a product whose ID is its key. */
function productTree(vendor: string, releases: NamedRelease[]) {
  const products = new Map<string, NamedRelease[]>();
  for (const named of releases) {
    const name = releaseProductName(named.reference);
    products.set(name, [...(products.get(name) ?? []), named]);
  }
  return {
    branches: [
      {
        category: 'vendor',
        name: vendor,
        branches: [...products].map(([name, versions]) => ({
          category: 'product_name',
          name,
          branches: versions.map((named) => ({
            category: 'product_version',
            name: versionName(named.reference),
            product: { name: named.label, product_id: productIdOf(named.key) },
          })),
        })),
      },
    ],
  };
}

const CVSS_V3_METRICS: Record<string, [string, Record<string, string>]> = {
  AV: ['attackVector', { N: 'NETWORK', A: 'ADJACENT_NETWORK', L: 'LOCAL', P: 'PHYSICAL' }],
  AC: ['attackComplexity', { L: 'LOW', H: 'HIGH' }],
  PR: ['privilegesRequired', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
  UI: ['userInteraction', { N: 'NONE', R: 'REQUIRED' }],
  S: ['scope', { U: 'UNCHANGED', C: 'CHANGED' }],
  C: ['confidentialityImpact', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
  I: ['integrityImpact', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
  A: ['availabilityImpact', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
};

/** FIRST's CVSS v3.1 JSON (what CSAF's cvss_v3 holds): the vector, its base metrics, score and severity. */
function cvssV3(vector: string, score: { baseScore: number; baseSeverity: string }) {
  const metrics: Record<string, string> = {};
  for (const part of vector.split('/').slice(1)) {
    const [metric, value] = part.split(':') as [string, string];
    const [name, values] = CVSS_V3_METRICS[metric]!;
    metrics[name] = values[value]!;
  }
  return {
    version: '3.1',
    vectorString: vector,
    ...metrics,
    baseScore: score.baseScore,
    baseSeverity: score.baseSeverity,
  };
}

function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/** The object without its undefined members: CSAF forbids empty and null where a member is optional. */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
