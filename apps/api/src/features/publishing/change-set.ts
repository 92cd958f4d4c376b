import {
  AUDIT_ACTIONS,
  FILE_ALREADY_WITHDRAWN_MESSAGE,
  FILE_NOT_WITHDRAWN_MESSAGE,
  NO_PUBLISHED_FILE_MESSAGE,
  type CatalogueChangeDoor,
  type CatalogueDiffEntry,
  type CatalogueManifest,
  type ChangeCounts,
} from '@portal/contracts';
import { DrizzleQueryError, eq, max, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database, DatabaseExecutor } from '../../db/connect';
import type { AuditAct } from '../../plugins/audit-log';
import type { BlobStore } from '../../plugins/blob-store';
import { CATALOGUE_PUBLISHED_CHANNEL } from '../../plugins/catalogue/catalogue';
import { fileRestorations, files, fileWithdrawals } from '../../plugins/catalogue/catalogue-tables';
import { loadSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { diffStates, readCatalogueState, summarize } from '../../plugins/catalogue/history';
import { publishedReleases, releaseFileIds } from '../../plugins/catalogue/release-references';
import {
  reissueFirmwareMetadata,
  sectionFiles,
  upsertSections,
  type PreparedSections,
  type SectionsSummary,
} from '../../plugins/catalogue/sections';
import { registrationDigester } from '../../plugins/registrations/registrations';
import type { HashedFile, ImportProgress } from './manifest-check';
import { catalogueChanges } from './publishing-tables';
import { sweepBlobStore, takeImportLock } from './sweep';
import { inRolledBackTransaction } from '../../db/rolled-back-transaction';
import { sbomOf } from '../sboms/queries';
import { upsertFamilies, upsertFiles } from './upserts';

/**
 * A change set: what one change to the catalogue is made of, whichever door it came in by
 * (docs/decisions/170-one-publishing-pipeline.md). Manifest entries with their files, as the
 * import reads a folder (checked by the manifest check before they get here), or the
 * withdrawal or restoration of published files by ID, as the publishing screen asks.
 */
export type ChangeSet =
  | {
      kind: 'manifest';
      manifest: CatalogueManifest;
      /** Every file the manifest names, checked and hashed, by fileKey. */
      files: Map<string, HashedFile>;
      prepared: PreparedSections;
    }
  | { kind: 'withdrawal' | 'restoration'; fileId: string; reason: string | null };

/** Who applies a change set, by which door, and how the audit log is written for them. */
export interface ChangeAuthor {
  /** A staff e-mail address, or `cli`. */
  actor: string;
  door: CatalogueChangeDoor;
  audit(tx: DatabaseExecutor, act: AuditAct): Promise<void>;
}

/** A change set refused as a whole, with what the publisher reads (a 4xx, never a 5xx). */
export class ChangeRefused extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'ChangeRefused';
  }
}

export interface AppliedChange {
  changeId: number;
  digest: string;
  summary: Record<string, ChangeCounts>;
  /** The sections' own counts (an import only). */
  upserts: (SectionsSummary & { families: { added: number } }) | null;
  files: { stored: number; alreadyStored: number };
}

/**
 * The SHA-256 of a change set: its manifest as given and the SHA-256 of each file it names
 * (so the same folder twice has the same digest), or the file, the act and the reason.
 */
export function changeSetDigest(changeSet: ChangeSet): string {
  const canonical =
    changeSet.kind === 'manifest'
      ? {
          manifest: changeSet.manifest,
          files: [...changeSet.files].map(([key, file]) => [key, file.sha256]).sort(),
        }
      : { [changeSet.kind]: changeSet.fileId, reason: changeSet.reason };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Applies a change set in one transaction and records it: the sections' upserts, the
 * withdrawals, the change history row and the audit log row commit together, or none of
 * them. The transaction takes the import lock first, so change sets from every door and
 * every process on this database take turns; it notifies every portal on commit.
 */
export async function applyChangeSet(
  db: Database,
  changeSet: ChangeSet,
  author: ChangeAuthor,
  {
    secretKey,
    blobStore,
    progress,
    sweepGraceMs,
    guard,
  }: {
    secretKey: Buffer;
    blobStore: BlobStore;
    progress?: ImportProgress;
    sweepGraceMs?: number;
    /**
     * Runs first, holding the import lock: may refuse the change (ChangeRefused) or write in
     * its transaction (a draft's check that the catalogue is as previewed, and its state).
     */
    guard?: (tx: DatabaseExecutor) => Promise<void>;
  },
): Promise<AppliedChange> {
  const digest = changeSetDigest(changeSet);
  const written: string[] = [];
  let alreadyStored = 0;
  try {
    return await db.transaction(async (tx) => {
      await takeImportLock(tx);
      try {
        await guard?.(tx);
        const before = await readCatalogueState(tx);
        let upserts: AppliedChange['upserts'] = null;
        let carried: string[] = [];
        if (changeSet.kind === 'manifest') {
          await sweepBlobStore(tx, blobStore, { graceMs: sweepGraceMs });
          for (const file of new Map([...changeSet.files.values()].map((file) => [file.blobKey, file])).values()) {
            if (file.source === null) {
              alreadyStored++;
              continue;
            }
            const onProgress = progress?.upload?.bind(progress, file.name);
            if (await blobStore.put(file.source, file.blobKey, { onProgress })) written.push(file.blobKey);
            else alreadyStored++;
          }
          upserts = await applyManifest(tx, changeSet, author.actor, secretKey);
        } else {
          carried = await withdrawOrRestore(tx, changeSet, author.actor);
          await reissueFirmwareMetadata(tx);
        }
        const diff = diffStates(before, await readCatalogueState(tx));
        const summary = summarize(upserts, diff);
        const reason = changeSet.kind === 'manifest' ? null : changeSet.reason;
        const [row] = await tx
          .insert(catalogueChanges)
          .values({ actor: author.actor, door: author.door, digest, summary, diff, reason })
          .returning({ id: catalogueChanges.id });
        const action =
          changeSet.kind === 'manifest'
            ? AUDIT_ACTIONS.cataloguePublish
            : changeSet.kind === 'withdrawal'
              ? AUDIT_ACTIONS.catalogueWithdraw
              : AUDIT_ACTIONS.catalogueRestore;
        await author.audit(tx, {
          action,
          outcome: 'applied',
          detail: {
            change: row!.id,
            door: author.door,
            digest,
            counts: summary,
            ...(changeSet.kind === 'manifest' ? {} : { file: changeSet.fileId, reason: changeSet.reason }),
            // The SBOMs that followed their release's installer (docs/sbom.md#withdrawn-with-its-installer).
            ...(carried.length > 0 ? { sboms: carried } : {}),
          },
        });
        // Delivered on commit only, to every server listening on this database, naming the change.
        await tx.execute(sql`SELECT pg_notify(${CATALOGUE_PUBLISHED_CHANNEL}, ${String(row!.id)})`);
        return { changeId: row!.id, digest, summary, upserts, files: { stored: written.length, alreadyStored } };
      } catch (error) {
        // Blobs this change added are referenced by nothing now. Removed while the lock is
        // still held: the next import could otherwise find one, reuse it, and lose it.
        // (Should the commit itself fail, the next sweep takes them.)
        await Promise.all(written.map((blobKey) => blobStore.remove(blobKey)));
        throw error;
      }
    });
  } catch (error) {
    // The database's own words (a constraint, a full disk), not the query text Drizzle wraps them in.
    throw error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  }
}

type ManifestChangeSet = Extract<ChangeSet, { kind: 'manifest' }>;

/** A manifest's rows: its files, their withdrawals, the families and every section's upsert. */
async function applyManifest(tx: DatabaseExecutor, changeSet: ManifestChangeSet, actor: string, secretKey: Buffer) {
  const fileIdOf = await upsertFiles(tx, changeSet.files);
  // Before the sections: the firmware metadata their upsert issues leaves withdrawn releases out.
  for (const file of sectionFiles(changeSet.manifest)) {
    if (file.withdrawn === undefined) continue;
    await setWithdrawn(tx, fileIdOf(file), file.withdrawn ? (file.withdrawnReason ?? '') : null, actor);
  }
  return {
    families: await upsertFamilies(tx, changeSet.manifest.families),
    ...(await upsertSections(
      tx,
      changeSet.manifest,
      { fileIdOf, digestOf: registrationDigester(secretKey) },
      changeSet.prepared,
    )),
  };
}

/** The catalogue's version: the number of its newest change, 0 before any. */
export async function catalogueVersion(tx: DatabaseExecutor): Promise<number> {
  const [row] = await tx.select({ head: max(catalogueChanges.id) }).from(catalogueChanges);
  return row?.head ?? 0;
}

/**
 * What a manifest change set would do, without doing it: applied in a transaction (holding
 * the import lock, so the version and the diff belong together) that is always rolled back.
 * No file is copied and nothing is recorded. `inspect` reads the catalogue as it would be.
 */
export async function previewChangeSet<T>(
  db: Database,
  changeSet: ManifestChangeSet,
  { secretKey, inspect }: { secretKey: Buffer; inspect: (tx: DatabaseExecutor) => Promise<T> },
): Promise<{ version: number; diff: CatalogueDiffEntry[]; upserts: SectionsSummary; found: T }> {
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      await takeImportLock(tx);
      const version = await catalogueVersion(tx);
      const before = await readCatalogueState(tx);
      const upserts = await applyManifest(tx, changeSet, 'preview', secretKey);
      const diff = diffStates(before, await readCatalogueState(tx));
      return { version, diff, upserts, found: await inspect(tx) };
    });
  } catch (error) {
    throw error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  }
}

/** Sets a file's withdrawal as the manifest says; a file already so is left as it is (importing twice changes nothing). */
async function setWithdrawn(
  tx: DatabaseExecutor,
  fileId: string,
  reason: string | null,
  actor: string,
  withdrawnWith: string | null = null,
) {
  if (reason === null) {
    const ended = await tx
      .delete(fileWithdrawals)
      .where(eq(fileWithdrawals.fileId, fileId))
      .returning({ fileId: fileWithdrawals.fileId });
    // A restoration is dated and counted: the feeds show the file again as of now (decision 180).
    if (ended.length > 0) {
      await tx
        .insert(fileRestorations)
        .values({ fileId, restorations: 1, restoredBy: actor })
        .onConflictDoUpdate({
          target: fileRestorations.fileId,
          set: { restoredAt: sql`now()`, restorations: sql`${fileRestorations.restorations} + 1`, restoredBy: actor },
        });
    }
  } else {
    await tx
      .insert(fileWithdrawals)
      .values({ fileId, reason, withdrawnBy: actor, withdrawnWith })
      .onConflictDoNothing();
  }
}

/**
 * The publishing screen's act on one file; refused, changing nothing, when the file is not in
 * the state it needs. Answers the IDs of the SBOMs that followed it.
 */
async function withdrawOrRestore(
  tx: DatabaseExecutor,
  { kind, fileId, reason }: { kind: 'withdrawal' | 'restoration'; fileId: string; reason: string | null },
  actor: string,
): Promise<string[]> {
  // The import lock is held: no other change set is between this read and the write.
  const [row] = await tx
    .select({ withdrawal: fileWithdrawals.fileId })
    .from(files)
    .leftJoin(fileWithdrawals, eq(fileWithdrawals.fileId, files.id))
    .where(eq(files.id, fileId));
  if (!row) throw new ChangeRefused(404, NO_PUBLISHED_FILE_MESSAGE);
  if (kind === 'withdrawal' && row.withdrawal !== null) throw new ChangeRefused(409, FILE_ALREADY_WITHDRAWN_MESSAGE);
  if (kind === 'restoration' && row.withdrawal === null) throw new ChangeRefused(409, FILE_NOT_WITHDRAWN_MESSAGE);
  await setWithdrawn(tx, fileId, kind === 'withdrawal' ? (reason ?? '') : null, actor);
  return carrySboms(tx, { kind, fileId, reason }, actor);
}

/**
 * A release's SBOM follows its installer (docs/sbom.md#withdrawn-with-its-installer): when
 * this withdrawal leaves a release the file belongs to with no live file, the release's live
 * SBOM is withdrawn with it (same reason, `withdrawn_with` naming the file); when this
 * restoration brings such a release back, its SBOM is restored if it was withdrawn with the
 * release, not on its own. Read from the catalogue as this transaction sees it.
 */
async function carrySboms(
  tx: DatabaseExecutor,
  { kind, fileId, reason }: { kind: 'withdrawal' | 'restoration'; fileId: string; reason: string | null },
  actor: string,
): Promise<string[]> {
  const snapshot = await loadSnapshot(tx);
  const carried: string[] = [];
  for (const release of publishedReleases(snapshot)) {
    if (!releaseFileIds(snapshot, release.reference).includes(fileId)) continue;
    const sbomFileId = sbomOf(snapshot.asPublished, release.reference)?.file.id;
    if (sbomFileId === undefined || sbomFileId === fileId) continue;
    const sbomWithdrawn = snapshot.withdrawn.has(sbomFileId);
    if (kind === 'withdrawal') {
      if (!release.withdrawn || sbomWithdrawn) continue;
      await setWithdrawn(tx, sbomFileId, reason ?? '', actor, fileId);
    } else {
      if (release.withdrawn || !sbomWithdrawn) continue;
      const [withdrawal] = await tx
        .select({ withdrawnWith: fileWithdrawals.withdrawnWith })
        .from(fileWithdrawals)
        .where(eq(fileWithdrawals.fileId, sbomFileId));
      // Withdrawn on its own (a wrong SBOM): it stays withdrawn until restored on its own.
      if (!withdrawal || withdrawal.withdrawnWith === null) continue;
      await setWithdrawn(tx, sbomFileId, null, actor);
    }
    carried.push(sbomFileId);
  }
  return carried;
}
