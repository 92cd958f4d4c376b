import { createHash } from 'node:crypto';
import {
  ADVISORY_PAGES,
  ADVISORY_PATHS,
  advisoryPagePath,
  CSAF_PATHS,
  csafDocumentPath,
  csafFileName,
  CVSS_SEVERITIES,
  releaseProductName,
  type AdvisoryDetail,
  type AdvisoryListItem,
  type AffectedByMark,
  type CvssSeverity,
  type RevisionHistoryEntry,
} from '@portal/contracts';
import { cvssBaseScore } from '@portal/contracts/cvss';
import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/connect';
import { atomFeed, escapeHtml } from '../../shared/atom-feed';
import { listenToChannel } from '../../shared/pg-listener';
import { advisories, advisoryRevisions } from './advisories-tables';
import { ADVISORIES_PUBLISHED_CHANNEL } from './advisories';
import type { NamedRelease, Publisher } from './csaf-document';
import type { CsafSigning } from './csaf-signing';

/**
 * Everything public about the published advisories, built in memory once per change (a
 * publish's NOTIFY drops it, the next request builds it): the CSAF directory with each
 * document's digests and signature as stored at publish, index.txt, changes.csv, the ROLIE
 * feed, service and category documents, provider-metadata.json, the public list and pages,
 * the Atom feed, and the lookups' marks by release key. No request signs or hashes anything.
 */

/** A file answered from memory with its ETag. */
export interface MemoryFile {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface PublishedAdvisories {
  list: AdvisoryListItem[];
  details: Map<string, AdvisoryDetail>;
  /** By path: every file under /.well-known/csaf/ (the key, the documents, the indexes, ROLIE). */
  files: Map<string, MemoryFile>;
  /** By release key: the advisories that name it as affected, newest first. */
  marks: Map<string, AffectedByMark[]>;
  atom: MemoryFile;
  /** When the newest revision was published (the epoch when none). */
  updated: Date;
}

export const CSAF_JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const ROLIE_CATEGORY_SCHEME = 'urn:ietf:params:rolie:category:information-type';
const CSAF_SCHEMA_URL = 'https://docs.oasis-open.org/csaf/csaf/v2.0/csaf_json_schema.json';

function memoryFile(body: string | Buffer, contentType: string, lastModified: Date): MemoryFile {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return {
    body: bytes,
    contentType,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    lastModified,
  };
}

const severityRank = (severity: CvssSeverity | null) => (severity ? CVSS_SEVERITIES.indexOf(severity) : -1);

interface RevisionRow {
  advisoryId: string;
  version: number;
  publishedAt: Date;
  summary: string;
  content: typeof advisoryRevisions.$inferSelect.content;
  releases: NamedRelease[];
  csafJson: string;
  sha256: string;
  sha512: string;
  signature: string;
}

export async function loadPublishedAdvisories(
  db: Database,
  publisher: Publisher,
  signing: Pick<CsafSigning, 'fingerprint' | 'publicKeyArmored'>,
): Promise<PublishedAdvisories> {
  const advisoryRows = await db.select().from(advisories);
  const revisionRows: RevisionRow[] = await db
    .select({
      advisoryId: advisoryRevisions.advisoryId,
      version: advisoryRevisions.version,
      publishedAt: advisoryRevisions.publishedAt,
      summary: advisoryRevisions.summary,
      content: advisoryRevisions.content,
      releases: advisoryRevisions.releases,
      csafJson: advisoryRevisions.csafJson,
      sha256: advisoryRevisions.sha256,
      sha512: advisoryRevisions.sha512,
      signature: advisoryRevisions.signature,
    })
    .from(advisoryRevisions)
    .orderBy(asc(advisoryRevisions.advisoryId), asc(advisoryRevisions.version));
  const absolute = (path: string) => new URL(path, publisher.publicUrl).href;

  const details = new Map<string, AdvisoryDetail>();
  const currents: Array<{ detail: AdvisoryDetail; revision: RevisionRow }> = [];
  for (const advisory of advisoryRows) {
    const revisions = revisionRows.filter((row) => row.advisoryId === advisory.id);
    const current = revisions.find((row) => row.version === advisory.currentVersion);
    if (!current) continue;
    const history: RevisionHistoryEntry[] = revisions.map((row) => ({
      number: String(row.version),
      date: row.publishedAt.toISOString(),
      summary: row.summary,
    }));
    const detail = advisoryDetail(advisory, current, history);
    details.set(advisory.id, detail);
    currents.push({ detail, revision: current });
  }
  currents.sort((a, b) => b.detail.currentReleaseDate.localeCompare(a.detail.currentReleaseDate));
  const list = currents.map(({ detail }) => listItemOf(detail));
  const updated = currents[0] ? new Date(currents[0].detail.currentReleaseDate) : new Date(0);

  const files = new Map<string, MemoryFile>();
  for (const { detail, revision } of currents) {
    const at = new Date(detail.currentReleaseDate);
    const name = csafFileName(detail.advisoryId);
    files.set(detail.csafUrl, memoryFile(revision.csafJson, CSAF_JSON_CONTENT_TYPE, at));
    // As sha256sum and sha512sum write them (CSAF 2.0 §7.1.18): the digest, two spaces, the file name.
    files.set(`${detail.csafUrl}.sha256`, memoryFile(`${revision.sha256}  ${name}\n`, TEXT, at));
    files.set(`${detail.csafUrl}.sha512`, memoryFile(`${revision.sha512}  ${name}\n`, TEXT, at));
    files.set(`${detail.csafUrl}.asc`, memoryFile(revision.signature, 'application/pgp-signature', at));
  }
  const relative = (detail: AdvisoryDetail) => detail.csafUrl.slice(CSAF_PATHS.directory.length);
  files.set(
    CSAF_PATHS.index,
    memoryFile(list.map((item) => `${relative(details.get(item.advisoryId)!)}\n`).join(''), TEXT, updated),
  );
  files.set(
    CSAF_PATHS.changes,
    memoryFile(
      list.map((item) => `"${relative(details.get(item.advisoryId)!)}","${item.currentReleaseDate}"\n`).join(''),
      'text/csv; charset=utf-8',
      updated,
    ),
  );
  const keyPath = CSAF_PATHS.publicKey.replace(':file', `${signing.fingerprint}.asc`);
  files.set(keyPath, memoryFile(signing.publicKeyArmored, 'application/pgp-keys', updated));

  const feedUrl = absolute(CSAF_PATHS.feed);
  const rolieCategory = { scheme: ROLIE_CATEGORY_SCHEME, term: 'csaf' };
  const rolieFeed = {
    feed: {
      id: `${publisher.namespace}/csaf-feed-tlp-white`,
      title: `${publisher.name} CSAF feed (TLP:WHITE)`,
      link: [{ rel: 'self', href: feedUrl }],
      category: [rolieCategory],
      updated: updated.toISOString(),
      entry: currents.map(({ detail }) => {
        const url = absolute(detail.csafUrl);
        return {
          id: detail.advisoryId,
          title: detail.title,
          link: [
            { rel: 'self', href: url },
            { rel: 'hash', href: `${url}.sha256` },
            { rel: 'hash', href: `${url}.sha512` },
            { rel: 'signature', href: `${url}.asc` },
          ],
          published: detail.initialReleaseDate,
          updated: detail.currentReleaseDate,
          summary: { content: detail.summary },
          content: { type: 'application/json', src: url },
          format: { schema: CSAF_SCHEMA_URL, version: '2.0' },
        };
      }),
    },
  };
  files.set(CSAF_PATHS.feed, memoryFile(JSON.stringify(rolieFeed, null, 2), CSAF_JSON_CONTENT_TYPE, updated));
  const service = {
    service: {
      workspace: [
        {
          title: `${publisher.name} CSAF advisories`,
          collection: [
            {
              title: `${publisher.name} CSAF feed (TLP:WHITE)`,
              href: feedUrl,
              categories: { category: [rolieCategory] },
            },
          ],
        },
      ],
    },
  };
  files.set(CSAF_PATHS.service, memoryFile(JSON.stringify(service, null, 2), CSAF_JSON_CONTENT_TYPE, updated));
  const products = [...new Set(list.flatMap((item) => item.products))].sort();
  const categories = {
    categories: { category: products.map((term) => ({ scheme: `${feedUrl}#product`, term })) },
  };
  files.set(CSAF_PATHS.category, memoryFile(JSON.stringify(categories, null, 2), CSAF_JSON_CONTENT_TYPE, updated));
  const providerMetadata = {
    canonical_url: absolute(CSAF_PATHS.providerMetadata),
    distributions: [
      {
        directory_url: absolute(CSAF_PATHS.directory),
        rolie: {
          categories: [absolute(CSAF_PATHS.category)],
          feeds: [{ summary: `${publisher.name} CSAF documents (TLP:WHITE)`, tlp_label: 'WHITE', url: feedUrl }],
          services: [absolute(CSAF_PATHS.service)],
        },
      },
    ],
    last_updated: updated.toISOString(),
    list_on_CSAF_aggregators: true,
    metadata_version: '2.0',
    mirror_on_CSAF_aggregators: true,
    public_openpgp_keys: [{ fingerprint: signing.fingerprint, url: absolute(keyPath) }],
    publisher: {
      category: 'vendor',
      name: publisher.name,
      namespace: publisher.namespace,
      contact_details: publisher.contactDetails,
    },
    role: 'csaf_trusted_provider',
  };
  files.set(
    CSAF_PATHS.providerMetadata,
    memoryFile(JSON.stringify(providerMetadata, null, 2), CSAF_JSON_CONTENT_TYPE, updated),
  );

  const marks = new Map<string, AffectedByMark[]>();
  for (const { detail } of currents) {
    const fixedIn = detail.vulnerabilities.flatMap((vulnerability) => vulnerability.fixed)[0];
    const mark: AffectedByMark = {
      advisoryId: detail.advisoryId,
      title: detail.title,
      severity: detail.severity,
      fixedIn: fixedIn ? versionOf(fixedIn.key) : null,
      url: advisoryPagePath(detail.advisoryId),
    };
    const affected = new Set(
      detail.vulnerabilities.flatMap((vulnerability) => vulnerability.affected.map((r) => r.key)),
    );
    for (const key of affected) marks.set(key, [...(marks.get(key) ?? []), mark]);
  }

  const atom = memoryFile(
    atomFeed({
      id: absolute(ADVISORY_PATHS.feed),
      title: `${publisher.name} security advisories`,
      self: absolute(ADVISORY_PATHS.feed),
      alternate: absolute(ADVISORY_PAGES.list),
      author: publisher.name,
      updated,
      entries: currents.map(({ detail }) => ({
        id: `${absolute(advisoryPagePath(detail.advisoryId))}#${detail.version}`,
        title: `${detail.advisoryId}: ${detail.title}`,
        link: absolute(advisoryPagePath(detail.advisoryId)),
        updated: new Date(detail.currentReleaseDate),
        content: `<p>${escapeHtml(detail.summary)}</p>`,
      })),
    }),
    'application/atom+xml; charset=utf-8',
    updated,
  );

  return { list, details, files, marks, atom, updated };
}

/** The version a release key names, as a mark says "Fixed in 2.10.0". */
function versionOf(key: string): string {
  return decodeURIComponent(key.split(':').at(-1) ?? key);
}

/** An advisory's public page from one of its revisions (published, or a draft's preview). */
export function advisoryDetail(
  advisory: Pick<typeof advisories.$inferSelect, 'id' | 'kind' | 'initialReleaseDate'>,
  current: Pick<RevisionRow, 'content' | 'releases' | 'version' | 'publishedAt'>,
  history: RevisionHistoryEntry[],
): AdvisoryDetail {
  const { content } = current;
  const byKey = new Map(current.releases.map((release) => [release.key, release]));
  const release = (key: string) => ({ key, label: byKey.get(key)?.label ?? key });
  const vulnerabilities = content.vulnerabilities.map((vulnerability) => {
    const score = vulnerability.cvssVector ? cvssBaseScore(vulnerability.cvssVector) : undefined;
    return {
      cve: vulnerability.cve ?? null,
      cwe: vulnerability.cwe ?? null,
      title: vulnerability.title ?? null,
      description: vulnerability.description,
      cvssVector: vulnerability.cvssVector ?? null,
      baseScore: score?.baseScore ?? null,
      severity: score?.baseSeverity ?? null,
      affected: vulnerability.affected.map(release),
      fixed: vulnerability.fixed.map(release),
      remediations: vulnerability.remediations.map((remediation) => ({
        kind: remediation.kind,
        text: remediation.text,
        releases: remediation.releases.map(release),
        updateTo: remediation.updateTo ? release(remediation.updateTo) : null,
      })),
    };
  });
  const worst = vulnerabilities.reduce<(typeof vulnerabilities)[number] | undefined>(
    (top, vulnerability) =>
      !top || severityRank(vulnerability.severity) > severityRank(top.severity) ? vulnerability : top,
    undefined,
  );
  const cves = [
    ...content.vulnerabilities.flatMap((vulnerability) => (vulnerability.cve ? [vulnerability.cve] : [])),
    ...content.notAffected.map((statement) => statement.cve),
  ];
  return {
    advisoryId: advisory.id,
    kind: advisory.kind,
    title: content.title,
    severity: worst?.severity ?? null,
    baseScore: worst?.baseScore ?? null,
    cves: [...new Set(cves)],
    products: [...new Set(current.releases.map((named) => releaseProductName(named.reference)))],
    initialReleaseDate: advisory.initialReleaseDate.toISOString(),
    currentReleaseDate: current.publishedAt.toISOString(),
    version: String(current.version),
    csafUrl: csafDocumentPath(advisory.id, advisory.initialReleaseDate.toISOString()),
    summary: content.summary,
    vulnerabilities,
    notAffected: content.notAffected.map((statement) => ({
      cve: statement.cve,
      products: statement.products.map(release),
      justification: statement.justification,
      impactStatement: statement.impactStatement ?? null,
    })),
    acknowledgments: content.acknowledgments,
    revisionHistory: history,
  };
}

function listItemOf(detail: AdvisoryDetail): AdvisoryListItem {
  return {
    advisoryId: detail.advisoryId,
    kind: detail.kind,
    title: detail.title,
    severity: detail.severity,
    baseScore: detail.baseScore,
    cves: detail.cves,
    products: detail.products,
    initialReleaseDate: detail.initialReleaseDate,
    currentReleaseDate: detail.currentReleaseDate,
    version: detail.version,
    csafUrl: detail.csafUrl,
  };
}

/**
 * The published advisories in memory, like the catalogue (docs/decisions/033): loaded on the
 * first request after a publish anywhere (its NOTIFY), a failed load not kept.
 */
export class PublishedAdvisoriesCache {
  private current: Promise<PublishedAdvisories> | undefined;
  private currentLoaded: PublishedAdvisories | undefined;

  constructor(private readonly load: () => Promise<PublishedAdvisories>) {}

  get(): Promise<PublishedAdvisories> {
    if (!this.current) {
      const loading = this.load();
      this.current = loading;
      loading.then(
        (state) => {
          if (this.current === loading) this.currentLoaded = state;
        },
        () => {
          if (this.current === loading) this.current = undefined;
        },
      );
    }
    return this.current;
  }

  /** The state when loaded, for the lookups' hot path: no promise turn. */
  loaded(): PublishedAdvisories | undefined {
    return this.currentLoaded;
  }

  invalidate(): void {
    this.current = undefined;
    this.currentLoaded = undefined;
  }
}

export function listenForAdvisories(pool: pg.Pool, cache: PublishedAdvisoriesCache, log: FastifyBaseLogger) {
  const invalidate = () => cache.invalidate();
  return listenToChannel(
    pool,
    ADVISORIES_PUBLISHED_CHANNEL,
    { notification: invalidate, reset: invalidate },
    log,
    'advisory publishes',
  );
}
