import { getTableColumns, sql } from 'drizzle-orm';
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

/** Inserts a row, or updates the one with the same key when any of `update`'s columns differ, and says which happened. */
export async function upsert<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  values: PgInsertValue<T>,
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Outcome> {
  const { added, changed } = await upsertRows(tx, table, [values], target, update);
  return added > 0 ? 'added' : changed > 0 ? 'changed' : 'unchanged';
}

/**
 * At most this many values in one statement: PostgreSQL takes up to 65,535 parameters, and
 * a statement far below that still saves all but one round trip per batch.
 */
const MAX_PARAMETERS = 30_000;

/**
 * upsert for each row, counted, in as few statements as it takes: a multi-row insert with
 * the same conflict rule and the same `xmax = 0` test per row, so a catalogue of thousands
 * of entries is written in a round trip or two rather than one per row (issue 25: a draft
 * of 1,000 entries published within 2 s). A batch never holds one key twice (PostgreSQL
 * refuses to update a row twice in one statement): a repeated key starts the next batch,
 * so rows are applied in their order as one upsert each would.
 */
export async function upsertEach<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  rows: PgInsertValue<T>[],
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Changes> {
  const changes = emptyChanges();
  const keyColumns = Array.isArray(target) ? target : [target];
  // The rows' own names for the key's columns (rows are keyed as the table's fields are).
  const keyFields = Object.entries(getTableColumns(table))
    .filter(([, column]) => keyColumns.includes(column))
    .map(([field]) => field);
  const keyOf = (row: PgInsertValue<T>) =>
    JSON.stringify(keyFields.map((field) => (row as Record<string, unknown>)[field]));
  const perRow = Math.max(1, Object.keys(getTableColumns(table)).length);
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));

  let batch: PgInsertValue<T>[] = [];
  let keys = new Set<string>();
  const flush = async () => {
    if (batch.length === 0) return;
    const written = await upsertRows(tx, table, batch, target, update);
    changes.added += written.added;
    changes.changed += written.changed;
    changes.unchanged += batch.length - written.added - written.changed;
    batch = [];
    keys = new Set();
  };
  for (const row of rows) {
    const key = keyOf(row);
    if (keys.has(key) || batch.length >= batchSize) await flush();
    batch.push(row);
    keys.add(key);
  }
  await flush();
  return changes;
}

/**
 * One insert of `values` (no key twice), each row updating the one with the same key when
 * any of `update`'s columns differ: how many it added and changed (the others were
 * unchanged). `xmax = 0` tells a fresh row from an updated one; a row left as it was
 * returns nothing.
 */
async function upsertRows<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  values: PgInsertValue<T>[],
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<{ added: number; changed: number }> {
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
  const added = rows.filter((row) => row.inserted).length;
  return { added, changed: rows.length - added };
}
