import {
  compareVersions,
  CORNERSTONE_PRODUCT,
  FEED_ENTRIES_MAX,
  FEED_FILE_PAGE,
  FEED_TOKEN_LENGTH,
  feedPath,
  firmwareFeedPath,
  fileWithdrawnMessage,
  firmwareReleaseName,
  firmwareUpdatePath,
  type FirmwareFeedSeries,
  sbomTitle,
  type ReleaseReference,
} from '@portal/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { DatabaseExecutor } from '../../db/connect';
import type { BlobStore } from '../../plugins/blob-store';
import {
  releaseNotesKey,
  type CatalogueSnapshot,
  type FileRecord,
  type RegistrationRecord,
  type WithdrawnFile,
} from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersions } from '../../plugins/catalogue/entitlements';
import type { Entitled } from '../../plugins/customer-auth/customer-auth';
import { atomFeed, escapeHtml, type AtomEntry } from '../../shared/atom-feed';
import { BoundedMap } from '../../shared/bounded-map';
import { derivedKey, keyedDigester } from '../../shared/keyed-digest';
import { entitledPibs } from '../bulletins/queries';
import { downloadableReleases } from '../chromatof/queries';
import { sbomOf } from '../sboms/queries';
import { entitledDsvs } from '../validation-docs/queries';
import { notifyFeedTokensChanged } from './feed-caches';
import { feedTokens } from './feeds-tables';

/**
 * Private update feeds (docs/feeds.md, docs/decisions/140-private-feeds-behind-opaque-tokens.md).
 * What a feed holds is what the lookups show the same registration or key ID: each
 * section's own entitlement query decides (its queries.ts), never a copy of its rules.
 */

// ---------------------------------------------------------------------------------------
// Tokens

export interface FeedTokens {
  /** The token of a registration's feed address at a generation: a keyed digest, truncated; no ID in it. */
  tokenOf(registrationDigest: string, generation: number): string;
  /** The keyed digest a token is stored and looked up under. */
  digestOf(token: string): string;
}

export function feedTokenKeys(secretKey: Buffer): FeedTokens {
  const key = derivedKey(secretKey, 'feed-token');
  const digest = keyedDigester(secretKey, 'feed-token');
  return {
    tokenOf: (registrationDigest, generation) =>
      createHmac('sha256', key)
        .update(`${registrationDigest}\n${generation}`)
        .digest()
        .subarray(0, (FEED_TOKEN_LENGTH * 3) / 4)
        .toString('base64url'),
    digestOf: digest,
  };
}

/** The first generation's row, written the first time a registration's feed is asked for. */
async function ensureFirstToken(db: DatabaseExecutor, tokens: FeedTokens, registrationDigest: string) {
  await db
    .insert(feedTokens)
    .values({ tokenDigest: tokens.digestOf(tokens.tokenOf(registrationDigest, 1)), registrationDigest, generation: 1 })
    .onConflictDoNothing();
}

/** The token of the registration's current feed address. */
export async function currentFeedToken(
  db: DatabaseExecutor,
  tokens: FeedTokens,
  registrationDigest: string,
): Promise<string> {
  await ensureFirstToken(db, tokens, registrationDigest);
  const [row] = await db
    .select({ generation: feedTokens.generation })
    .from(feedTokens)
    .where(and(eq(feedTokens.registrationDigest, registrationDigest), isNull(feedTokens.revokedAt)))
    .orderBy(desc(feedTokens.generation))
    .limit(1);
  // A reissue revokes and adds in one transaction, so one generation is always current.
  if (!row) throw new Error('A registration has no current feed token');
  return tokens.tokenOf(registrationDigest, row.generation);
}

/** Revokes the registration's current address and issues the next generation's (in the caller's transaction). */
export async function reissueFeedToken(
  tx: DatabaseExecutor,
  tokens: FeedTokens,
  registrationDigest: string,
): Promise<{ token: string; generation: number }> {
  await ensureFirstToken(tx, tokens, registrationDigest);
  // Locks the registration's rows: two reissues at once make two generations, one after the other.
  const { rows } = await tx.execute<{ generation: number }>(sql`
    SELECT ${feedTokens.generation} AS generation FROM ${feedTokens}
     WHERE ${feedTokens.registrationDigest} = ${registrationDigest}
     ORDER BY ${feedTokens.generation} DESC FOR UPDATE`);
  const generation = (rows[0]?.generation ?? 0) + 1;
  await tx
    .update(feedTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(feedTokens.registrationDigest, registrationDigest), isNull(feedTokens.revokedAt)));
  const token = tokens.tokenOf(registrationDigest, generation);
  await tx.insert(feedTokens).values({ tokenDigest: tokens.digestOf(token), registrationDigest, generation });
  // Every portal holds token rows in memory (feed-caches.ts): on commit, each forgets them.
  await notifyFeedTokensChanged(tx, registrationDigest);
  return { token, generation };
}

// ---------------------------------------------------------------------------------------
// What a feed holds

/** One file a registration or key ID sees, as its feed entry and its file page show it. */
export interface FeedItem {
  file: FileRecord;
  title: string;
  product: string;
  version: string;
  /** The release notes of the product's version, for an entry that is not itself release notes. */
  releaseNotes: FileRecord | undefined;
  /** Whether the file is release notes: its entry quotes its own text. */
  isReleaseNotes: boolean;
  /** Set while the file is withdrawn: the feed shows its withdrawal instead of the file. */
  withdrawal: WithdrawnFile | undefined;
  /** When the entry last changed: the withdrawal, else the later of publication and restoration (ISO 8601). */
  updated: string;
}

/**
 * Every file the registration (or key ID) would see in the lookups had nothing been
 * withdrawn: offline installers, PIBs, DSVs and release notes of a Cornerstone registration;
 * a key ID's PIBs, ChromaTOF downloads and release notes. A withdrawn file is an item with
 * its withdrawal (docs/decisions/180-withdrawals-in-the-feeds.md). Newest change first, each file once.
 */
export function feedItems(live: CatalogueSnapshot, registration: RegistrationRecord): FeedItem[] {
  // The catalogue as published: the lookups' own rules, with the withdrawn files still in place.
  const snapshot = live.asPublished;
  const entitled: Entitled = { kind: 'customer', registration };
  const items: Omit<FeedItem, 'withdrawal' | 'updated'>[] = [];
  const notesOf = (product: string, version: string) => snapshot.releaseNotes.get(releaseNotesKey(product, version));
  const withNotes = (product: string, version: string, file: FileRecord, title: string) => {
    const notes = notesOf(product, version);
    items.push({ file, title, product, version, releaseNotes: notes, isReleaseNotes: false });
    if (notes) {
      const notesTitle = `${product} ${version} release notes`;
      items.push({ file: notes, title: notesTitle, product, version, releaseNotes: undefined, isReleaseNotes: true });
    }
  };

  // A release's SBOM, listed with it (docs/sbom.md#what-customers-get).
  const withSbom = (reference: ReleaseReference, product: string, version: string) => {
    const sbom = sbomOf(snapshot, reference);
    if (!sbom) return;
    const title = `${product} ${version} ${sbomTitle(sbom.format, sbom.componentCount).replace(/^S/, 's')}`;
    items.push({ file: sbom.file, title, product, version, releaseNotes: undefined, isReleaseNotes: false });
  };

  if (registration.scheme === 'hasp') {
    for (const version of entitledVersions(snapshot, entitled)) {
      if (version.offlineInstaller) {
        withNotes(
          CORNERSTONE_PRODUCT,
          version.name,
          version.offlineInstaller,
          `Cornerstone ${version.name} offline installer`,
        );
        withSbom({ kind: 'cornerstone', version: version.name }, CORNERSTONE_PRODUCT, version.name);
      }
    }
    for (const dsv of entitledDsvs(snapshot, entitled).values()) {
      items.push({
        file: dsv.file,
        title: `Cornerstone ${dsv.version} Declaration of Software Validation`,
        product: CORNERSTONE_PRODUCT,
        version: dsv.version,
        releaseNotes: undefined,
        isReleaseNotes: false,
      });
    }
  } else {
    for (const release of downloadableReleases(snapshot, registration)) {
      const notes =
        release.files.find((entry) => entry.kind === 'releaseNotes')?.file ?? notesOf(release.product, release.version);
      for (const entry of release.files) {
        items.push({
          file: entry.file,
          title: `${release.product} ${release.version} ${entry.label}`,
          product: release.product,
          version: release.version,
          releaseNotes: entry.kind === 'releaseNotes' ? undefined : notes,
          isReleaseNotes: entry.kind === 'releaseNotes',
        });
      }
      withSbom(
        { kind: 'chromatof', product: release.product, version: release.version },
        release.product,
        release.version,
      );
    }
  }
  for (const pib of entitledPibs(snapshot, entitled)) {
    withNotes(pib.product, pib.version, pib.file, `${pib.product} ${pib.version} PIB (${pib.variant})`);
  }

  const seen = new Set<string>();
  return items
    .filter((item) => !seen.has(item.file.id) && seen.add(item.file.id))
    .map((item): FeedItem => {
      const withdrawal = live.withdrawn.get(item.file.id);
      // Withdrawn release notes are quoted nowhere.
      const releaseNotes =
        item.releaseNotes && live.withdrawn.has(item.releaseNotes.id) ? undefined : item.releaseNotes;
      return { ...item, releaseNotes, withdrawal, updated: entryUpdated(live, item.file, withdrawal) };
    })
    .sort(
      (a, b) =>
        b.updated.localeCompare(a.updated) || a.title.localeCompare(b.title) || a.file.id.localeCompare(b.file.id),
    );
}

/** When a file's entry last changed: its withdrawal, or the later of its publication and its last restoration. */
function entryUpdated(snapshot: CatalogueSnapshot, file: FileRecord, withdrawal: WithdrawnFile | undefined): string {
  if (withdrawal) return withdrawal.withdrawnAt;
  const restoredAt = snapshot.restored.get(file.id)?.restoredAt;
  return restoredAt !== undefined && restoredAt > file.publishedAt ? restoredAt : file.publishedAt;
}

// ---------------------------------------------------------------------------------------
// The Atom document

/** The entry ID of a file: its row ID as a URN, the same in every feed and for as long as the file is published. */
export function entryId(fileId: string): string {
  return `urn:uuid:${fileId}`;
}

/**
 * The entry ID of a file's `number`th withdrawal: an entry of its own, so a reader shows the
 * withdrawal as a new item (the file's entry would at best be shown as edited), and each
 * withdrawal after a restoration as another.
 */
export function withdrawalEntryId(publicUrl: URL, fileId: string, number: number): string {
  return `tag:${publicUrl.hostname},2026:files:${fileId}:withdrawn:${number}`;
}

/**
 * What a withdrawal's entry says: which file, when, and that its links no longer work. The
 * reason staff gave stays out: it is written for the change history and the audit log,
 * where it may name a customer, a ticket or a defect under investigation (decision 180).
 */
function withdrawalContent(
  facts: [string, string][],
  withdrawal: WithdrawnFile,
  makerName: string,
  after: string,
): string {
  const all = [...facts, ['Withdrawn', withdrawal.withdrawnAt]]
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('');
  return `<p>${escapeHtml(`${fileWithdrawnMessage(makerName)} ${after}`)}</p><dl>${all}</dl>`;
}

const RELEASE_NOTES_TEXT_MAX_BYTES = 64 * 1024;

/** The text of small text release notes, read once per blob (blobs are content-addressed: a key never changes). */
export function releaseNotesReader(blobStore: BlobStore) {
  const texts = new BoundedMap<string, string>(1_000);
  return async (file: FileRecord | undefined): Promise<string | undefined> => {
    if (!file || !file.contentType.startsWith('text/') || file.sizeBytes > RELEASE_NOTES_TEXT_MAX_BYTES)
      return undefined;
    const cached = texts.get(file.blobKey);
    if (cached !== undefined) return cached;
    const reader = await blobStore.open(file.blobKey);
    try {
      const buffer = Buffer.alloc(file.sizeBytes);
      let filled = 0;
      while (filled < buffer.length) {
        const read = await reader.read(buffer.subarray(filled), buffer.length - filled);
        if (read === 0) break;
        filled += read;
      }
      const text = buffer.subarray(0, filled).toString('utf8');
      texts.set(file.blobKey, text);
      return text;
    } finally {
      reader.close();
    }
  };
}

const bytes = new Intl.NumberFormat('en-US');

/** What an entry says: product, version, publication, size, SHA-256, and the release notes' text where there is one. */
export function entryContent(item: FeedItem, notesText: string | undefined): string {
  const facts = [
    ['Product', item.product],
    ['Version', item.version],
    ['File', item.file.name],
    ['Published', item.file.publishedAt],
    ['Size', `${bytes.format(item.file.sizeBytes)} bytes`],
    ['SHA-256', item.file.sha256],
  ]
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('');
  const notes = notesText === undefined ? '' : `<h3>Release notes</h3><pre>${escapeHtml(notesText)}</pre>`;
  return `<dl>${facts}</dl>${notes}`;
}

export interface PrivateFeedOptions {
  publicUrl: URL;
  makerName: string;
  token: string;
  scheme: RegistrationRecord['scheme'];
  /** When the address was issued: the feed's `updated` while it has no entries. */
  issuedAt: Date;
  items: FeedItem[];
  notesText(file: FileRecord | undefined): Promise<string | undefined>;
  /** Entries of the security advisories that affect a version the ID sees (docs/security-advisories.md). */
  advisories?: AtomEntry[];
}

/** The feed's document and when it last changed (its newest entry's change). */
export async function privateFeed(options: PrivateFeedOptions): Promise<{ xml: string; updated: Date }> {
  const { publicUrl, token, items } = options;
  const shown = items.slice(0, FEED_ENTRIES_MAX);
  const entries: AtomEntry[] = [];
  const alternate = new URL(options.scheme === 'hasp' ? '/cornerstone/pibs' : '/chromatof', publicUrl).toString();
  for (const item of shown) {
    if (item.withdrawal) {
      entries.push({
        id: withdrawalEntryId(publicUrl, item.file.id, item.withdrawal.number),
        title: `${item.title} withdrawn`,
        // Never the file: its page and links answer that it was withdrawn.
        link: alternate,
        updated: new Date(item.withdrawal.withdrawnAt),
        content: withdrawalContent(
          [
            ['Product', item.product],
            ['Version', item.version],
            ['File', item.file.name],
            ['SHA-256', item.file.sha256],
          ],
          item.withdrawal,
          options.makerName,
          'Its download links no longer work; look your ID up on the portal for the files offered now.',
        ),
      });
      continue;
    }
    const link = new URL(FEED_FILE_PAGE, publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('file', item.file.id);
    entries.push({
      id: entryId(item.file.id),
      title: item.title,
      link: link.toString(),
      updated: new Date(item.updated),
      content: entryContent(item, await options.notesText(item.isReleaseNotes ? item.file : item.releaseNotes)),
    });
  }
  const advisories = options.advisories ?? [];
  entries.push(...advisories);
  // Newest first, advisories among the files; the atom library keeps the order given.
  entries.sort((a, b) => b.updated.getTime() - a.updated.getTime());
  const newestFile = shown[0] ? new Date(shown[0].updated) : options.issuedAt;
  const updated = advisories.reduce((newest, entry) => (entry.updated > newest ? entry.updated : newest), newestFile);
  const what = options.scheme === 'hasp' ? 'your Cornerstone registration' : 'your ChromaTOF key';
  const xml = atomFeed({
    id: `tag:${publicUrl.hostname},2026:feeds:${token}`,
    title: `${options.makerName} software updates for ${what}`,
    self: new URL(feedPath(token), publicUrl).toString(),
    alternate,
    author: options.makerName,
    updated,
    entries,
  });
  return { xml, updated };
}

// ---------------------------------------------------------------------------------------
// Public firmware feeds

/**
 * The Atom feed of one series' firmware releases, newest version first, and when it last
 * changed. A withdrawn release is an entry saying so, with no download (decision 180).
 */
export function firmwareFeed(
  snapshot: CatalogueSnapshot,
  series: FirmwareFeedSeries,
  { publicUrl, makerName }: { publicUrl: URL; makerName: string },
): { xml: string; updated: Date } {
  const releases = [...snapshot.asPublished.firmware.releases.values()]
    .filter((release) => release.instrument.toLowerCase() === series)
    .sort((a, b) => compareVersions(b.version, a.version));
  const page = new URL(`/metallographics/${series}/firmware`, publicUrl).toString();
  const entries = releases.map((release): AtomEntry => {
    const withdrawal = snapshot.withdrawn.get(release.update.id);
    // SPEC §5's name and the version as written (decision 137): 'PX firmware v010 (002.002.010)'.
    const title = firmwareReleaseName(release.instrument, release.version);
    const updated = new Date(entryUpdated(snapshot, release.update, withdrawal));
    if (withdrawal) {
      return {
        id: withdrawalEntryId(publicUrl, release.update.id, withdrawal.number),
        title: `${title} withdrawn`,
        link: page,
        updated,
        content: withdrawalContent(
          [
            ['Version', release.version],
            ['Released', release.releaseDate],
            ['File', 'update.zip'],
            ['SHA-256', release.update.sha256],
          ],
          withdrawal,
          makerName,
          'It is no longer offered; the firmware page shows the latest version.',
        ),
      };
    }
    const facts = [
      ['Version', release.version],
      ['Released', release.releaseDate],
      ['Download', new URL(firmwareUpdatePath(release.version), publicUrl).toString()],
      ['Size', `${bytes.format(release.update.sizeBytes)} bytes`],
      ['SHA-256', release.update.sha256],
    ]
      .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value!)}</dd>`)
      .join('');
    return {
      id: entryId(release.update.id),
      title,
      link: page,
      updated,
      content: `<dl>${facts}</dl><h3>Release notes</h3><pre>${escapeHtml(release.releaseNotes)}</pre>`,
    };
  });
  const updated = new Date(Math.max(0, ...entries.map((entry) => entry.updated.getTime())));
  const xml = atomFeed({
    id: `tag:${publicUrl.hostname},2026:firmware:${series}`,
    title: `${makerName} ${series.toUpperCase()} firmware`,
    self: new URL(firmwareFeedPath(series), publicUrl).toString(),
    alternate: page,
    author: makerName,
    updated,
    entries,
  });
  return { xml, updated };
}
