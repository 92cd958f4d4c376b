import {
  CATALOGUE_CHANGES_PAGE_LIMIT,
  type CatalogueChange,
  type CatalogueChangeDetail,
  type PublishedFile,
} from '@portal/contracts';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { files, fileWithdrawals } from '../../plugins/catalogue/catalogue-tables';
import { readCatalogueState, usesOfFiles } from '../../plugins/catalogue/history';
import { catalogueChanges } from './publishing-tables';

/** What the publishing screen reads: the change history and every published file. */

const changeColumns = {
  id: catalogueChanges.id,
  occurredAt: catalogueChanges.occurredAt,
  actor: catalogueChanges.actor,
  door: catalogueChanges.door,
  digest: catalogueChanges.digest,
  summary: catalogueChanges.summary,
  reason: catalogueChanges.reason,
};

function changeOf(row: {
  id: number;
  occurredAt: Date;
  actor: string;
  door: 'cli' | 'browser';
  digest: string;
  summary: CatalogueChange['summary'];
  reason: string | null;
}): CatalogueChange {
  return { ...row, occurredAt: row.occurredAt.toISOString(), digest: row.digest.trim() };
}

/** Newest first, a page at a time. */
export async function listChanges(db: Database, before?: number): Promise<CatalogueChange[]> {
  const rows = await db
    .select(changeColumns)
    .from(catalogueChanges)
    .where(before === undefined ? undefined : lt(catalogueChanges.id, before))
    .orderBy(desc(catalogueChanges.id))
    .limit(CATALOGUE_CHANGES_PAGE_LIMIT);
  return rows.map(changeOf);
}

/** One change without its diff (a publish's answer: its diff may run to thousands of rows). */
export async function readChange(db: Database, id: number): Promise<CatalogueChange | undefined> {
  const [row] = await db.select(changeColumns).from(catalogueChanges).where(eq(catalogueChanges.id, id));
  return row && changeOf(row);
}

export async function changeWithDiff(db: Database, id: number): Promise<CatalogueChangeDetail | undefined> {
  const [row] = await db
    .select({ ...changeColumns, diff: catalogueChanges.diff })
    .from(catalogueChanges)
    .where(eq(catalogueChanges.id, id));
  if (!row) return undefined;
  const { diff, ...change } = row;
  return { change: changeOf(change), diff };
}

/** Every published file, live or withdrawn, newest first, with where it is published. */
export async function listPublishedFiles(db: Database): Promise<PublishedFile[]> {
  const [rows, state] = await Promise.all([
    db
      .select({ file: files, withdrawal: fileWithdrawals })
      .from(files)
      .leftJoin(fileWithdrawals, eq(fileWithdrawals.fileId, files.id))
      .orderBy(desc(files.publishedAt), files.name),
    readCatalogueState(db),
  ]);
  const uses = usesOfFiles(state);
  return rows.map(({ file, withdrawal }) => ({
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256.trim(),
    publishedAt: file.publishedAt.toISOString(),
    uses: uses.get(file.id) ?? [],
    withdrawn:
      withdrawal === null
        ? null
        : { at: withdrawal.withdrawnAt.toISOString(), by: withdrawal.withdrawnBy, reason: withdrawal.reason },
  }));
}
