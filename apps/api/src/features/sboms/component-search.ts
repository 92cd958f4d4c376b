import {
  COMPONENT_QUERY_EMPTY_MESSAGE,
  COMPONENT_QUERY_MAX_CHARS,
  COMPONENT_QUERY_TOO_LONG_MESSAGE,
  COMPONENT_SEARCH_LIMIT,
  malformedPurlMessage,
  malformedVersionRangeMessage,
  type ComponentSearchResult,
  type PublishedRelease,
  type ReleaseReference,
} from '@portal/contracts';
import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import { PackageURL } from 'packageurl-js';
import type { DatabaseExecutor } from '../../db/connect';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { publishedReleases } from '../../plugins/catalogue/release-references';
import { sbomComponents } from './sboms-tables';
import { MalformedRange, parseVersionFilter, versionMatches, type VersionFilter } from './version-range';

/**
 * The staff's component search (docs/sbom.md#the-component-search): which published releases
 * ship a component, asked of the index the publishes wrote (sboms-tables.ts), never of the
 * SBOMs themselves. A name prefix (any case) or a package-URL prefix, narrowed by an exact
 * version (in the query) or a VERS range (applied to the rows the prefix found).
 */

/** A search refused for its input: the route answers 400 with this message. */
export class SearchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchRefused';
  }
}

/** Rows a range is applied to at most: past this, the answer says it is truncated. */
const RANGE_SCAN_LIMIT = 20_000;

export interface ComponentSearch {
  /** Lower case, the prefix the index is searched by. */
  prefix: string;
  field: 'name' | 'purl';
  version: VersionFilter;
}

/** Reads a search's input, or throws SearchRefused naming what is wrong. */
export function parseComponentSearch(q: string | undefined, version: string | undefined): ComponentSearch {
  if (q === undefined) throw new SearchRefused(COMPONENT_QUERY_EMPTY_MESSAGE);
  if (q.length > COMPONENT_QUERY_MAX_CHARS || (version?.length ?? 0) > COMPONENT_QUERY_MAX_CHARS) {
    throw new SearchRefused(COMPONENT_QUERY_TOO_LONG_MESSAGE);
  }
  const prefix = q.trim();
  if (prefix === '') throw new SearchRefused(COMPONENT_QUERY_EMPTY_MESSAGE);
  let field: ComponentSearch['field'] = 'name';
  if (prefix.toLowerCase().startsWith('pkg:')) {
    try {
      PackageURL.fromString(prefix);
    } catch (error) {
      throw new SearchRefused(malformedPurlMessage((error as Error).message));
    }
    field = 'purl';
  }
  let filter: VersionFilter;
  try {
    filter = parseVersionFilter(version ?? '');
  } catch (error) {
    if (error instanceof MalformedRange) throw new SearchRefused(malformedVersionRangeMessage(error.message));
    throw error;
  }
  return { prefix: prefix.toLowerCase(), field, version: filter };
}

/** `LIKE` treats `%`, `_` and `\` as its own: a prefix is matched as written. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Shared collators: `localeCompare` with a locale builds one on every call. */
const BY_NAME = new Intl.Collator('en');
const BY_VERSION = new Intl.Collator('en', { numeric: true });

/**
 * The published releases of a snapshot and each one's place in the catalogue's order, worked
 * out once per snapshot (a snapshot never changes; a publish brings a new one).
 */
const releaseOrders = new WeakMap<CatalogueSnapshot, { releases: PublishedRelease[]; order: Map<string, number> }>();
function releaseOrderOf(snapshot: CatalogueSnapshot) {
  let known = releaseOrders.get(snapshot);
  if (!known) {
    const releases = publishedReleases(snapshot);
    known = { releases, order: new Map(releases.map((release, index) => [release.key, index])) };
    releaseOrders.set(snapshot, known);
  }
  return known;
}

const productOf = (reference: ReleaseReference) =>
  reference.kind === 'cornerstone'
    ? 'Cornerstone'
    : reference.kind === 'chromatof'
      ? reference.product
      : `${reference.instrument} firmware`;

/**
 * Every published release whose SBOM has a matching component: the releases in the
 * catalogue's order (publishedReleases), the components by name and version within each.
 * At most COMPONENT_SEARCH_LIMIT; `truncated` when more matched.
 */
export async function searchComponents(
  db: DatabaseExecutor,
  snapshot: CatalogueSnapshot,
  search: ComponentSearch,
): Promise<ComponentSearchResult> {
  const column = search.field === 'name' ? sbomComponents.nameKey : sbomComponents.purlKey;
  // In the C collation, as the index is (sboms-tables.ts): a range scan in the order asked for.
  const key = sql`${column} COLLATE "C"`;
  const conditions: SQL[] = [like(key, likePrefix(search.prefix))];
  if (search.version.kind === 'exact') conditions.push(eq(sbomComponents.version, search.version.version));
  const limit = search.version.kind === 'range' ? RANGE_SCAN_LIMIT : COMPONENT_SEARCH_LIMIT;
  const rows = await db
    .select({
      releaseKey: sbomComponents.releaseKey,
      name: sbomComponents.name,
      version: sbomComponents.version,
      purl: sbomComponents.purl,
    })
    .from(sbomComponents)
    .where(and(...conditions))
    .orderBy(asc(key), asc(sbomComponents.releaseKey), asc(sbomComponents.position))
    .limit(limit + 1);
  let truncated = rows.length > limit;
  const matching = rows.slice(0, limit).filter((row) => versionMatches(search.version, row.version));
  const { releases, order } = releaseOrderOf(snapshot);
  const found = matching
    .filter((row) => order.has(row.releaseKey))
    .sort(
      (a, b) =>
        order.get(a.releaseKey)! - order.get(b.releaseKey)! ||
        BY_NAME.compare(a.name, b.name) ||
        BY_VERSION.compare(a.version ?? '', b.version ?? ''),
    );
  if (found.length > COMPONENT_SEARCH_LIMIT) truncated = true;
  return {
    matches: found.slice(0, COMPONENT_SEARCH_LIMIT).map((row) => {
      const release = releases[order.get(row.releaseKey)!]!;
      return {
        release,
        product: productOf(release.reference),
        name: row.name,
        version: row.version,
        purl: row.purl,
      };
    }),
    truncated,
  };
}
