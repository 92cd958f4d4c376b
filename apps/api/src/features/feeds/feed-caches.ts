import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { DatabaseExecutor } from '../../db/connect';
import { cachedLoads } from '../../shared/cached-loads';
import { feedTokens } from './feeds-tables';
import type { FeedTokens } from './feeds';

/**
 * What the feed routes keep in memory so that a fetch, and above all a 304, asks the
 * database nothing and builds nothing (docs/decisions/145-feeds-served-from-memory.md).
 */

// ---------------------------------------------------------------------------------------
// Token rows

/** The channel a reissue notifies when it commits, so every portal forgets the token rows it holds. */
export const FEED_TOKENS_CHANGED_CHANNEL = 'feed_tokens_changed';

/** Tells every portal, once `tx` commits, that a registration's feed addresses changed (payload: its digest). */
export async function notifyFeedTokensChanged(tx: DatabaseExecutor, registrationDigest: string) {
  await tx.execute(sql`SELECT pg_notify(${FEED_TOKENS_CHANGED_CHANNEL}, ${registrationDigest})`);
}

export type FeedTokenRow = typeof feedTokens.$inferSelect;

/** Token rows remembered: a few hundred bytes each, so a few megabytes at most. */
const CACHED_TOKENS = 20_000;

/**
 * A token's row by the token, read from the database once and then from memory. Only rows
 * that exist are kept: an unknown token is asked of the database each time (the guessing
 * brake limits how often), so a first-generation row another portal has just written is
 * found at once. A reissue empties the cache on every portal (forgetAll, on the NOTIFY).
 */
export function feedTokenCache(db: DatabaseExecutor, tokens: FeedTokens) {
  // An unknown token is not kept: each guess is read again (and braked as a guess).
  const rows = cachedLoads(
    CACHED_TOKENS,
    (token: string) =>
      db
        .select()
        .from(feedTokens)
        .where(eq(feedTokens.tokenDigest, tokens.digestOf(token)))
        .then(([row]): FeedTokenRow | undefined => row),
    (row) => row !== undefined,
  );
  return {
    find: (token: string): Promise<FeedTokenRow | undefined> => rows.get(token),
    forgetAll: (): void => rows.forgetAll(),
  };
}

// ---------------------------------------------------------------------------------------
// Documents

/** A feed's answer as it is sent: built once per catalogue snapshot. */
export interface FeedDocument {
  body: Buffer;
  /** A strong ETag: the SHA-256 of the body. */
  etag: string;
  lastModified: Date;
}

export function feedDocument(xml: string, lastModified: Date): FeedDocument {
  const body = Buffer.from(xml, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"`, lastModified };
}

/**
 * Feed documents by key (a feed token, a firmware series) for one catalogue snapshot,
 * bounded by count and by bytes, the least recently used forgotten first. Asked with a
 * snapshot other than the one it holds documents of, it forgets them all: a publish
 * changes what every feed holds. A document larger than an eighth of the bytes is served
 * but not kept.
 */
export class FeedDocumentCache {
  private snapshot: object | undefined;
  private readonly documents = new Map<string, FeedDocument>();
  private bytes = 0;
  /** Builds under way: fetches of one feed that arrive together (after a publish) share one build. */
  private readonly building = new Map<string, { snapshot: object; document: Promise<FeedDocument> }>();

  constructor(
    readonly maxDocuments: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.documents.size;
  }

  /** The document built for `key` from `snapshot`, now the most recently used. */
  get(key: string, snapshot: object): FeedDocument | undefined {
    if (snapshot !== this.snapshot) {
      this.clear();
      this.snapshot = snapshot;
      return undefined;
    }
    const document = this.documents.get(key);
    if (document) {
      this.documents.delete(key);
      this.documents.set(key, document);
    }
    return document;
  }

  /** The document for `key` from `snapshot`: kept, being built, or built now by `build` (and kept). */
  obtain(key: string, snapshot: object, build: () => Promise<FeedDocument> | FeedDocument): Promise<FeedDocument> {
    const kept = this.get(key, snapshot);
    if (kept) return Promise.resolve(kept);
    const under = this.building.get(key);
    if (under?.snapshot === snapshot) return under.document;
    const document = (async () => build())();
    this.building.set(key, { snapshot, document });
    const done = () => {
      if (this.building.get(key)?.document === document) this.building.delete(key);
    };
    document.then((built) => {
      done();
      this.set(key, snapshot, built);
    }, done);
    return document;
  }

  /** Keeps a document built from `snapshot`, unless a newer snapshot has been seen since its build began. */
  set(key: string, snapshot: object, document: FeedDocument): void {
    if (snapshot !== this.snapshot || document.body.length > this.maxBytes / 8) return;
    this.delete(key);
    this.documents.set(key, document);
    this.bytes += document.body.length;
    for (const [oldest, evicted] of this.documents) {
      if (this.documents.size <= this.maxDocuments && this.bytes <= this.maxBytes) break;
      this.documents.delete(oldest);
      this.bytes -= evicted.body.length;
    }
  }

  delete(key: string): void {
    const document = this.documents.get(key);
    if (!document) return;
    this.documents.delete(key);
    this.bytes -= document.body.length;
  }

  clear(): void {
    this.documents.clear();
    this.bytes = 0;
  }
}
