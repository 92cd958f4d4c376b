import {
  CATALOGUE_CHANGES_PAGE_LIMIT,
  type CatalogueChange,
  type CatalogueChangeDoor,
  type CatalogueChangeDetail,
  type CatalogueChangeList,
} from '@portal/contracts';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { catalogueChanges } from './publishing-tables';

/** What the publishing screen reads of the change history (the files: published-files.ts). */

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
  door: CatalogueChangeDoor;
  digest: string;
  summary: CatalogueChange['summary'];
  reason: string | null;
}): CatalogueChange {
  return { ...row, occurredAt: row.occurredAt.toISOString(), digest: row.digest.trim() };
}

/** Newest first, a page at a time, with the `before` of the next (older) page if there is one. */
export async function listChanges(db: Database, before?: number): Promise<CatalogueChangeList> {
  const rows = await db
    .select(changeColumns)
    .from(catalogueChanges)
    .where(before === undefined ? undefined : lt(catalogueChanges.id, before))
    .orderBy(desc(catalogueChanges.id))
    .limit(CATALOGUE_CHANGES_PAGE_LIMIT + 1);
  const changes = rows.slice(0, CATALOGUE_CHANGES_PAGE_LIMIT).map(changeOf);
  return { changes, nextBefore: rows.length > CATALOGUE_CHANGES_PAGE_LIMIT ? changes.at(-1)!.id : null };
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
