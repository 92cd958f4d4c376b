import { AUDIT_CLI_ACTOR } from '@portal/contracts';
import type { Database } from '../../db/connect';
import { auditRecorder, commandAuditContext } from '../../plugins/audit-log';
import type { BlobStore } from '../../plugins/blob-store';
import { catalogueIsEmpty } from '../../plugins/catalogue/sections';
import type { ChangeAuthor } from './change-set';
import type { ImportProgress } from './manifest-check';
import { importCatalogue, type ImportSummary } from './publish-catalogue';
import { sweepBlobStore, tryImportLock, type SweepSummary } from './sweep';

/** Whether the demo catalogue is due: server.ts asks on start (the catalogue asks its sections). */
export { catalogueIsEmpty };

/** `npm run portal -- import <folder>` and the demo import on first start both come here. */
export function importFolder(
  folder: string,
  {
    db,
    secretKey,
    blobStore,
    progress,
    sweepGraceMs,
  }: {
    db: Database;
    secretKey: Buffer;
    /** The configured store (blobStoreFor), which the caller opened and closes. */
    blobStore: BlobStore;
    progress?: ImportProgress;
    sweepGraceMs?: number;
  },
): Promise<ImportSummary> {
  return importCatalogue({
    folder,
    db,
    secretKey,
    blobStore,
    author: commandAuthor(secretKey),
    progress,
    sweepGraceMs,
  });
}

/** A change set from the server's command line: actor `cli`, recorded in the audit log as a command. */
export function commandAuthor(secretKey: Buffer): ChangeAuthor {
  const record = auditRecorder(secretKey);
  const context = commandAuditContext();
  return { actor: AUDIT_CLI_ACTOR, door: 'cli', audit: (tx, act) => record(tx, context, act) };
}

/**
 * The start-up sweep of what interrupted imports left. An import under way sweeps when it
 * starts and holds the lock, so when the lock is taken there is nothing to do: null.
 */
export function sweepInterruptedImports({
  db,
  blobStore,
}: {
  db: Database;
  blobStore: BlobStore;
}): Promise<SweepSummary | null> {
  return db.transaction(async (tx) => {
    if (!(await tryImportLock(tx))) return null;
    return sweepBlobStore(tx, blobStore);
  });
}

export function describeSummary(summary: ImportSummary): string[] {
  const changes = (label: string, { added, changed, unchanged }: ImportSummary['versions']) =>
    `${label}: ${added} added, ${changed} changed, ${unchanged} unchanged`;
  return [
    `change ${summary.change.id} in the history, change set SHA-256 ${summary.change.digest}`,
    `files: ${summary.files.stored} stored, ${summary.files.alreadyStored} already stored`,
    `families: ${summary.families.added} added`,
    changes('versions', summary.versions),
    changes('registration and key IDs', summary.registrations),
    changes('PIBs', summary.pibs),
    changes('DSVs', summary.dsvs),
    changes('release notes', summary.releaseNotes),
    changes('options', summary.options),
    changes('configurations', summary.configurations),
    changes('ChromaTOF releases', summary.chromatofReleases),
    changes('ChromaTOF files', summary.chromatofFiles),
    changes('firmware releases', summary.firmware),
    `firmware metadata: ${summary.firmwareMetadata === null ? 'none (no firmware published)' : `sequence ${summary.firmwareMetadata} issued`}`,
    changes('password reset settings', summary.passwordReset),
    `registration managers: ${summary.managers.added} added, ${summary.managers.removed} removed`,
  ];
}
