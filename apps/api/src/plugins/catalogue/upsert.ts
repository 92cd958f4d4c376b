import { sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connect';

/**
 * How a section writes its rows, inside the import's one transaction. Rows are matched by
 * their natural keys, so importing the same folder twice changes nothing, and a later
 * folder adds to (or updates) what earlier ones published.
 */

export interface Changes {
  added: number;
  changed: number;
  unchanged: number;
}

export type Outcome = keyof Changes;

export function emptyChanges(): Changes {
  return { added: 0, changed: 0, unchanged: 0 };
}

export function count(changes: Changes, outcome: Outcome) {
  changes[outcome]++;
}

/**
 * Inserts a row, or updates the one with the same key when any of `update`'s columns
 * differ, and says which happened. `xmax = 0` tells a fresh row from an updated one; no
 * row back means nothing differed.
 */
export async function upsert<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  values: PgInsertValue<T>,
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Outcome> {
  const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);
  const columns = Object.values(update);
  const rows = await tx
    .insert(table)
    .values(values)
    .onConflictDoUpdate({
      target,
      // Keys of `update` are T's own column keys; TypeScript cannot follow that through fromEntries.
      set: Object.fromEntries(
        Object.entries(update).map(([key, column]) => [key, excluded(column)]),
      ) as PgUpdateSetSource<T>,
      setWhere: sql`(${sql.join(columns, sql`, `)}) IS DISTINCT FROM (${sql.join(columns.map(excluded), sql`, `)})`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (rows.length === 0) return 'unchanged';
  return rows[0]!.inserted ? 'added' : 'changed';
}

/** upsert for each row, counted. */
export async function upsertEach<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  rows: PgInsertValue<T>[],
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Changes> {
  const changes = emptyChanges();
  for (const row of rows) count(changes, await upsert(tx, table, row, target, update));
  return changes;
}
