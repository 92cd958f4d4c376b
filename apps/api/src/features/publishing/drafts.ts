import {
  SHA256_PATTERN,
  CatalogueManifest,
  CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE,
  DRAFT_ALREADY_PUBLISHED_MESSAGE,
  DRAFT_HAS_PROBLEMS_MESSAGE,
  draftAwaitingUploadMessage,
  NO_DRAFT_MESSAGE,
  type CustomerCredential,
  type DraftFile,
  type DraftPreview,
  type DraftPreviewRequest,
  type DraftSummary,
  type LookupListing,
  type ManifestProblem,
} from '@portal/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { blobKeyFor } from '../../plugins/blob-keys';
import type { BlobStore } from '../../plugins/blob-store';
import { loadSnapshot, type CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { entitledVersions } from '../../plugins/catalogue/entitlements';
import { summarize } from '../../plugins/catalogue/history';
import { ManifestProblems } from '../../plugins/catalogue/section-kit';
import { checkSections, sectionFiles } from '../../plugins/catalogue/sections';
import { registrationDigester } from '../../plugins/registrations/registrations';
import { entitledPibs } from '../bulletins/queries';
import { downloadableReleases } from '../chromatof/queries';
import { entitledDsvs } from '../validation-docs/queries';
import {
  applyChangeSet,
  catalogueVersion,
  ChangeRefused,
  previewChangeSet,
  type AppliedChange,
  type ChangeAuthor,
  type ChangeSet,
} from './change-set';
import { checkSboms, sbomEntries } from '../sboms/queries';
import { checkWithdrawals, contentTypeOf, fileKey, PROBLEM_PATH, type HashedFile } from './manifest-check';
import { sweepBlobStore, tryImportLock, type SweepSummary } from './sweep';
import { publishingDrafts, publishingUploads } from './publishing-tables';

/**
 * Drafts (docs/publishing.md#drafts, docs/decisions/185-drafts-are-catalogue-json-on-the-server.md):
 * a catalogue.json kept on the server, its files named by SHA-256, checked by the import's
 * own manifest check, previewed in a transaction that is rolled back, and published through
 * the same pipeline as an import (change-set.ts), door `browser`.
 */

const DAY_MS = 24 * 60 * 60 * 1_000;
const SHA256 = new RegExp(SHA256_PATTERN);

type DraftRow = typeof publishingDrafts.$inferSelect;

/** A problem the CLI words as `pibs[0].effectiveDate: …`, split into the field and the CLI's message. */
function problemAt(problem: string): ManifestProblem {
  const named = PROBLEM_PATH.exec(problem)?.[1];
  if (named === undefined) return { path: '', message: problem };
  return { path: named, message: problem.slice(named.length).replace(/^:?\s*/, '') };
}

/** `/pibs/0/file/path` as the manifest check names a field: `pibs[0].file.path`. */
function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
}

/** Problems of the shape (the schema the CLI validates against, in its words): none for a catalogue.json. */
export function shapeProblems(json: unknown): ManifestProblem[] {
  return [...Value.Errors(CatalogueManifest, json)].map((error) => ({
    path: fieldOf(error.instancePath),
    message: error.message,
  }));
}

/** The problems of a catalogue.json of the right shape: the sections' check, as the CLI runs it, and the draft's own rules. */
function entryProblems(manifest: CatalogueManifest): ManifestProblem[] {
  const problems = new ManifestProblems(manifest);
  checkSections(manifest, problems);
  checkWithdrawals(manifest, problems);
  const list = problems.list.map(problemAt);
  for (const file of sectionFiles(manifest)) {
    if (!SHA256.test(file.path)) {
      list.push({
        path: '',
        message: `${file.path}: a draft names each file by its SHA-256 (64 hex digits, lower case)`,
      });
    }
  }
  (manifest.firmware ?? []).forEach((release, index) => {
    if (release.releaseNotesFile !== undefined) {
      list.push({
        path: `firmware[${index}].releaseNotesFile`,
        message: 'a draft gives release notes as text ("releaseNotes")',
      });
    }
  });
  return list;
}

/** A draft read and checked: its problems, its files, and the change set it publishes as. */
interface CheckedDraft {
  problems: ManifestProblem[];
  files: DraftFile[];
  changeSet: Extract<ChangeSet, { kind: 'manifest' }>;
  awaiting: string[];
}

/**
 * Checks a stored draft and finds its files: a SHA-256 a published file has is in the blob
 * store and used as it is (`stored`); so is one whose upload for this draft completed
 * (`uploaded`, publishing_uploads); any other is awaiting upload.
 */
async function checkDraft(
  db: DatabaseExecutor,
  draftId: string,
  manifest: CatalogueManifest,
  blobStore: BlobStore,
): Promise<CheckedDraft> {
  const problems = entryProblems(manifest);
  const named = sectionFiles(manifest).filter((file) => SHA256.test(file.path));
  const hashes = [...new Set(named.map((file) => file.path))];
  const stored = new Map(
    hashes.length === 0
      ? []
      : (
          await db
            .select({
              sha256: files.sha256,
              name: files.name,
              contentType: files.contentType,
              sizeBytes: files.sizeBytes,
            })
            .from(files)
            .where(inArray(files.sha256, hashes))
            .orderBy(asc(files.publishedAt))
        ).map((row) => [row.sha256.trim(), row] as const),
  );
  const uploaded = new Map(
    hashes.length === 0
      ? []
      : (
          await db
            .select({
              sha256: publishingUploads.sha256,
              name: publishingUploads.name,
              sizeBytes: publishingUploads.sizeBytes,
            })
            .from(publishingUploads)
            .where(and(eq(publishingUploads.draftId, draftId), inArray(publishingUploads.sha256, hashes)))
        ).map((row) => [row.sha256.trim(), { ...row, contentType: undefined }] as const),
  );
  const hashed = new Map<string, HashedFile>();
  const listed = new Map<string, DraftFile>();
  for (const file of named) {
    const published = stored.get(file.path);
    // Either way its blob is in the store already: publishing copies nothing.
    const known = published ?? uploaded.get(file.path);
    const name = file.name ?? known?.name ?? null;
    listed.set(file.path, {
      sha256: file.path,
      name: listed.get(file.path)?.name ?? name,
      state: published ? 'stored' : known ? 'uploaded' : 'awaiting upload',
      sizeBytes: known?.sizeBytes ?? null,
    });
    const shownName = name ?? file.path;
    hashed.set(fileKey(file), {
      source: null,
      name: shownName,
      contentType: file.contentType ?? known?.contentType ?? contentTypeOf(shownName),
      // Only a preview ever applies a file awaiting upload, and rolls it back.
      sizeBytes: known?.sizeBytes ?? 0,
      sha256: file.path,
      blobKey: blobKeyFor(file.path),
    });
  }
  const notes = new Map((manifest.firmware ?? []).map((release) => [release.version, release.releaseNotes ?? '']));
  // An SBOM is checked once its bytes are here (stored or uploaded), read from the blob store.
  const sboms = await checkSboms(problems.length > 0 ? [] : sbomEntries(manifest), async (entry) => {
    const known = listed.get(entry.file.path);
    if (!known || known.state === 'awaiting upload' || known.sizeBytes === null) return undefined;
    const sizeBytes = known.sizeBytes;
    return {
      sizeBytes,
      sha256: entry.file.path,
      bytes: () => readBlob(blobStore, blobKeyFor(entry.file.path), sizeBytes),
    };
  });
  problems.push(...sboms.problems.map(problemAt));
  const draftFiles = [...listed.values()];
  return {
    problems,
    files: draftFiles,
    changeSet: { kind: 'manifest', manifest, files: hashed, prepared: { firmware: notes, sboms: sboms.checked } },
    awaiting: draftFiles.filter((file) => file.state === 'awaiting upload').map((file) => file.name ?? file.sha256),
  };
}

function summaryOf(row: DraftRow, expiryDays: number): DraftSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    expiresAt: new Date(row.updatedAt.getTime() + expiryDays * DAY_MS).toISOString(),
  };
}

const openDraft = (id: string) => and(eq(publishingDrafts.id, id), eq(publishingDrafts.state, 'open'));

/** Whether a draft in progress has this ID (an upload or a claim for any other is refused). */
export async function isOpenDraft(db: DatabaseExecutor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: publishingDrafts.id }).from(publishingDrafts).where(openDraft(id));
  return row !== undefined;
}

export async function listDrafts(db: Database, expiryDays: number): Promise<DraftSummary[]> {
  const rows = await db
    .select()
    .from(publishingDrafts)
    .where(eq(publishingDrafts.state, 'open'))
    .orderBy(asc(publishingDrafts.createdAt));
  return rows.map((row) => summaryOf(row, expiryDays));
}

/** A draft in progress with its problems and files; undefined when none has this ID. */
export async function readDraft(db: Database, id: string, expiryDays: number, blobStore: BlobStore) {
  const [row] = await db.select().from(publishingDrafts).where(openDraft(id));
  if (!row) return undefined;
  const checked = await checkDraft(db, id, row.manifest, blobStore);
  return {
    draft: summaryOf(row, expiryDays),
    manifest: row.manifest,
    files: checked.files,
    problems: checked.problems,
  };
}

/** Stores a new draft (a catalogue.json of the right shape: the caller checked shapeProblems). */
export async function createDraft(db: Database, manifest: CatalogueManifest, actor: string): Promise<string> {
  const [row] = await db
    .insert(publishingDrafts)
    .values({ manifest, createdBy: actor, updatedBy: actor })
    .returning({ id: publishingDrafts.id });
  return row!.id;
}

/** Replaces a draft's entries; false when no draft in progress has this ID. */
export async function replaceDraft(db: Database, id: string, manifest: CatalogueManifest, actor: string) {
  const rows = await db
    .update(publishingDrafts)
    .set({ manifest, updatedBy: actor, updatedAt: new Date() })
    .where(openDraft(id))
    .returning({ id: publishingDrafts.id });
  return rows.length > 0;
}

export async function deleteDraft(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(publishingDrafts).where(openDraft(id)).returning({ id: publishingDrafts.id });
  return rows.length > 0;
}

/** Deletes drafts unchanged for `expiryDays` (published ones too: their change is in the history). */
export async function sweepExpiredDrafts(db: Database, expiryDays: number, nowMs = Date.now()): Promise<number> {
  const rows = await db
    .delete(publishingDrafts)
    .where(lt(publishingDrafts.updatedAt, new Date(nowMs - expiryDays * DAY_MS)))
    .returning({ id: publishingDrafts.id });
  return rows.length;
}

/** A blob's bytes, all of them (an SBOM's: the caller checked its size against SBOM_MAX_BYTES). */
async function readBlob(blobStore: BlobStore, blobKey: string, sizeBytes: number): Promise<Buffer> {
  const reader = await blobStore.open(blobKey);
  try {
    const buffer = Buffer.alloc(sizeBytes);
    let done = 0;
    while (done < sizeBytes) {
      const read = await reader.read(buffer.subarray(done), sizeBytes - done);
      if (read === 0) break;
      done += read;
    }
    return buffer.subarray(0, done);
  } finally {
    reader.close();
  }
}

const NO_LISTING: LookupListing = { versions: [], pibs: [], dsvs: [], chromatofReleases: [] };

/** What a customer's lookups list in a catalogue: each entry by its key, sorted. */
function listingOf(snapshot: CatalogueSnapshot, digest: string, credential: CustomerCredential): LookupListing {
  const registration = snapshot.registrations.get(digest);
  if (!registration || registration.scheme !== credential.scheme || registration.revoked) return NO_LISTING;
  const caller = { kind: 'customer', registration } as const;
  return {
    versions: entitledVersions(snapshot, caller)
      .map((version) => version.name)
      .sort(),
    pibs: entitledPibs(snapshot, caller)
      .map((pib) => `${pib.product} ${pib.version} ${pib.internalVariant}`)
      .sort(),
    dsvs: [...entitledDsvs(snapshot, caller).keys()].sort(),
    chromatofReleases:
      registration.scheme === 'rainbow'
        ? downloadableReleases(snapshot, registration)
            .map((release) => `${release.product} ${release.version}`)
            .sort()
        : [],
  };
}

export interface PreviewContext {
  secretKey: Buffer;
  /** Where a draft's files are: its SBOMs are read from here to be checked. */
  blobStore: BlobStore;
  /** The live catalogue (the cache's snapshot). */
  live: () => Promise<CatalogueSnapshot>;
}

/** The preview of a checked draft: its diff against the live catalogue, and one customer's lookups before and after. */
async function previewOf(
  db: Database,
  checked: CheckedDraft,
  asked: DraftPreviewRequest,
  { secretKey, live }: PreviewContext,
): Promise<DraftPreview> {
  const { problems, files: draftFiles } = checked;
  // A draft with problems is not applied, even to be rolled back: the check exists so that no upsert sees it.
  if (problems.length > 0) {
    return {
      catalogueVersion: await catalogueVersion(db),
      sections: {},
      diff: [],
      problems,
      files: draftFiles,
      lookups: null,
    };
  }
  const credential: CustomerCredential | undefined =
    asked.registrationId !== undefined
      ? { scheme: 'hasp', id: asked.registrationId }
      : asked.keyId !== undefined
        ? { scheme: 'rainbow', id: asked.keyId }
        : undefined;
  const digest = credential ? registrationDigester(secretKey)(credential) : undefined;
  const { version, diff, upserts, found } = await previewChangeSet(db, checked.changeSet, {
    secretKey,
    inspect: async (tx) =>
      credential && digest !== undefined ? listingOf(await loadSnapshot(tx), digest, credential) : undefined,
  });
  const sections: DraftPreview['sections'] = {};
  const counts = summarize(upserts, diff);
  for (const [section, value] of Object.entries(upserts)) {
    if (typeof value !== 'object' || value === null || !('added' in value)) continue;
    const unchanged = 'unchanged' in value && typeof value.unchanged === 'number' ? value.unchanged : 0;
    sections[section] = { added: 0, changed: 0, withdrawn: 0, restored: 0, ...counts[section], unchanged };
  }
  for (const [section, value] of Object.entries(counts)) sections[section] ??= { ...value, unchanged: 0 };
  let lookups: DraftPreview['lookups'] = null;
  if (credential && digest !== undefined && found) {
    const before = listingOf(await live(), digest, credential);
    lookups = before === NO_LISTING && found === NO_LISTING ? null : { before, after: found };
  }
  return { catalogueVersion: version, sections, diff, problems, files: draftFiles, lookups };
}

/** The preview of a draft in progress; undefined when none has this ID. */
export async function previewDraft(
  db: Database,
  id: string,
  asked: DraftPreviewRequest,
  context: PreviewContext,
): Promise<DraftPreview | undefined> {
  const [row] = await db.select().from(publishingDrafts).where(openDraft(id));
  if (!row) return undefined;
  return previewOf(db, await checkDraft(db, id, row.manifest, context.blobStore), asked, context);
}

/** Refused because the catalogue moved on since the preview: with the preview as it is now. */
export class StalePreview extends Error {
  constructor(readonly preview: DraftPreview) {
    super(CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE);
    this.name = 'StalePreview';
  }
}

/**
 * Publishes a draft: one change set through the pipeline, door `browser`. Holding the import
 * lock, the draft row is locked and must still be open (a second publish of it, a double
 * click, waits for the first and is refused) and the catalogue must be at the previewed
 * version; the draft turns `published` in the same transaction as the change.
 */
export async function publishDraft(
  db: Database,
  id: string,
  previewedVersion: number,
  author: ChangeAuthor,
  context: PreviewContext,
): Promise<AppliedChange> {
  const { blobStore } = context;
  const [row] = await db.select().from(publishingDrafts).where(eq(publishingDrafts.id, id));
  if (!row) throw new ChangeRefused(404, NO_DRAFT_MESSAGE);
  if (row.state === 'published') throw new ChangeRefused(409, DRAFT_ALREADY_PUBLISHED_MESSAGE);
  const checked = await checkDraft(db, id, row.manifest, blobStore);
  if (checked.problems.length > 0) throw new ChangeRefused(409, DRAFT_HAS_PROBLEMS_MESSAGE);
  if (checked.awaiting.length > 0) throw new ChangeRefused(409, draftAwaitingUploadMessage(checked.awaiting));
  // Set by the guard: a refusal because the catalogue (or the draft) moved since the preview.
  const refusal = { stale: false };
  try {
    return await applyChangeSet(db, checked.changeSet, author, {
      secretKey: context.secretKey,
      blobStore,
      guard: async (tx) => {
        const [locked] = await tx
          .select({ state: publishingDrafts.state, manifest: publishingDrafts.manifest })
          .from(publishingDrafts)
          .where(eq(publishingDrafts.id, id))
          .for('update');
        if (!locked) throw new ChangeRefused(404, NO_DRAFT_MESSAGE);
        if (locked.state === 'published') throw new ChangeRefused(409, DRAFT_ALREADY_PUBLISHED_MESSAGE);
        // Changed by another publisher since it was read here: what was checked is not what is stored.
        if (JSON.stringify(locked.manifest) !== JSON.stringify(row.manifest)) {
          refusal.stale = true;
          throw new ChangeRefused(409, CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE);
        }
        if ((await catalogueVersion(tx)) !== previewedVersion) {
          refusal.stale = true;
          throw new ChangeRefused(409, CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE);
        }
        await tx.update(publishingDrafts).set({ state: 'published' }).where(eq(publishingDrafts.id, id));
      },
    }).then(async (applied) => {
      await db.update(publishingDrafts).set({ publishedChange: applied.changeId }).where(eq(publishingDrafts.id, id));
      return applied;
    });
  } catch (error) {
    if (refusal.stale) {
      const preview = await previewDraft(db, id, {}, context);
      if (preview) throw new StalePreview(preview);
    }
    throw error;
  }
}

/**
 * Deletes expired drafts (their uploads' rows go with them), then, when no change set holds
 * the import lock, sweeps the blob store as an import does: so the bytes of an expired
 * draft's uploads go without waiting for the next import. The blob sweep is skipped (null)
 * while a change set is under way: that change set swept when it started.
 */
export async function sweepDrafts(
  db: Database,
  { blobStore, expiryDays, nowMs = Date.now() }: { blobStore: BlobStore; expiryDays: number; nowMs?: number },
): Promise<{ drafts: number; blobs: SweepSummary | null }> {
  const drafts = await sweepExpiredDrafts(db, expiryDays, nowMs);
  const blobs = await db.transaction(async (tx) =>
    (await tryImportLock(tx)) ? sweepBlobStore(tx, blobStore, { nowMs }) : null,
  );
  return { drafts, blobs };
}

/** How often expired drafts are deleted, after once at start-up. */
export const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1_000;

/**
 * Runs sweepDrafts now and every DRAFT_SWEEP_INTERVAL_MS, as the download records'
 * clean-up runs (features/files/download-retention.ts). The timer does not keep the process
 * alive; `stop()` clears it and waits for a sweep under way.
 */
export function scheduleDraftSweep(db: Database, blobStore: BlobStore, expiryDays: number, log: FastifyBaseLogger) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const { drafts, blobs } = await sweepDrafts(db, { blobStore, expiryDays });
        if (drafts > 0) log.info({ drafts, expiryDays }, 'deleted expired publishing drafts');
        if (blobs && blobs.incomplete + blobs.unreferenced > 0) log.info(blobs, 'swept the blob store');
      } catch (error) {
        log.warn({ err: error }, 'could not delete expired publishing drafts');
      }
    });
  };
  run();
  const timer = setInterval(run, DRAFT_SWEEP_INTERVAL_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
