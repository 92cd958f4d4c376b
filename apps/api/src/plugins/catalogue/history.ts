import type { CatalogueDiffEntry, ChangeCounts } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connect';
import { files, fileWithdrawals } from './catalogue-tables';
import { recordedTables } from './sections';

/**
 * What the change history records of a change set (docs/publishing.md#the-history): the
 * rows of the published files and of every table a section records (section-kit.ts,
 * `recorded`), read before and after the change in its transaction and compared field by
 * field. Reading rows as JSON keeps this blind to each table's columns, so a column a
 * section adds shows in the history without more code here.
 */

type Row = Record<string, unknown>;
/** Rows by section, then by key (the primary key's values; a file's name and SHA-256). */
export type CatalogueState = Map<string, Map<string, Row>>;

/** The part of the summary a file's withdrawal counts in when no section publishes it. */
const FILES = 'files';

/** How a table's rows are keyed in the state: a file by its name and SHA-256, any other row by its primary key's values. */
function keyerOf(table: PgTable): (row: Row) => string {
  if (table === files) return (row) => `${String(row.name)} (SHA-256 ${String(row.sha256).slice(0, 12)}…)`;
  // Once per table, not per row: a publish reads every row of the catalogue twice.
  const config = getTableConfig(table);
  const names = (config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary)).map(
    (column) => column.name,
  );
  return (row) => names.map((name) => String(row[name])).join(' ');
}

export async function readCatalogueState(tx: DatabaseExecutor): Promise<CatalogueState> {
  const state: CatalogueState = new Map();
  for (const [section, table] of [[FILES, files] as const, ...recordedTables()]) {
    // A file's row shows its withdrawal (file_withdrawals) as fields of its own: null while it is live.
    const { rows } = await tx.execute<{ row: Row }>(
      table === files
        ? sql`SELECT to_jsonb(t) || jsonb_build_object('withdrawn_at', w.withdrawn_at, 'withdrawn_reason', w.reason,
                'withdrawn_by', w.withdrawn_by) AS row
                FROM ${files} AS t LEFT JOIN ${fileWithdrawals} AS w ON w.file_id = t.id`
        : sql`SELECT to_jsonb(t) AS row FROM ${table} AS t`,
    );
    const byKey = state.get(section) ?? new Map<string, Row>();
    const keyOf = keyerOf(table);
    for (const { row } of rows) byKey.set(keyOf(row), row);
    state.set(section, byKey);
  }
  return state;
}

/** Where each file is published: the section and key of every row naming its ID. */
export function usesOfFiles(state: CatalogueState): Map<string, { section: string; key: string }[]> {
  const fileIds = new Set([...(state.get(FILES)?.values() ?? [])].map((row) => String(row.id)));
  const uses = new Map<string, { section: string; key: string }[]>();
  for (const [section, rows] of state) {
    if (section === FILES) continue;
    for (const [key, row] of rows) {
      for (const value of Object.values(row)) {
        if (typeof value !== 'string' || !fileIds.has(value)) continue;
        uses.set(value, [...(uses.get(value) ?? []), { section, key }]);
      }
    }
  }
  return uses;
}

const shown = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

function fieldChanges(before: Row | undefined, after: Row | undefined) {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...fields].flatMap((field) => {
    const was = shown(before?.[field]);
    const is = shown(after?.[field]);
    return was === is ? [] : [{ field, before: was, after: is }];
  });
}

/**
 * Every row added, changed or removed between two states; a file whose withdrawal changed
 * is `withdrawn` or `restored`, once under files and once under each section publishing it.
 */
export function diffStates(before: CatalogueState, after: CatalogueState): CatalogueDiffEntry[] {
  const entries: CatalogueDiffEntry[] = [];
  // Only a withdrawal or restoration needs where files are published: worked out then, once.
  let uses: ReturnType<typeof usesOfFiles> | undefined;
  for (const [section, rows] of after) {
    const old = before.get(section) ?? new Map<string, Row>();
    for (const [key, row] of rows) {
      const was = old.get(key);
      // Most rows are untouched by a change: one comparison of the whole row settles them.
      if (was !== undefined && JSON.stringify(was) === JSON.stringify(row)) continue;
      const fields = fieldChanges(was, row);
      if (was !== undefined && fields.length === 0) continue;
      let outcome: CatalogueDiffEntry['outcome'] = was === undefined ? 'added' : 'changed';
      if (section === FILES && was !== undefined && (was.withdrawn_at === null) !== (row.withdrawn_at === null)) {
        outcome = row.withdrawn_at === null ? 'restored' : 'withdrawn';
        uses ??= usesOfFiles(after);
        for (const use of uses.get(String(row.id)) ?? []) entries.push({ ...use, outcome, fields });
      }
      entries.push({ section, key, outcome, fields });
    }
    for (const [key, row] of old) {
      if (!rows.has(key)) entries.push({ section, key, outcome: 'removed', fields: fieldChanges(row, undefined) });
    }
  }
  return entries;
}

/**
 * The counts of the history's summary: per section, what its upsert reported (added,
 * changed) and how many of its entries were withdrawn or restored; under files, how many
 * files were (one file may be published by several entries).
 */
export function summarize(
  upserts: Record<string, unknown> | null,
  diff: CatalogueDiffEntry[],
): Record<string, ChangeCounts> {
  const summary: Record<string, ChangeCounts> = {};
  const counts = (section: string) => (summary[section] ??= { added: 0, changed: 0, withdrawn: 0, restored: 0 });
  for (const [section, value] of Object.entries(upserts ?? {})) {
    if (typeof value !== 'object' || value === null || !('added' in value)) continue;
    const { added, changed } = value as { added: number; changed?: number };
    if (added > 0) counts(section).added += added;
    if ((changed ?? 0) > 0) counts(section).changed += changed ?? 0;
  }
  for (const entry of diff) {
    if (entry.outcome === 'withdrawn' || entry.outcome === 'restored') counts(entry.section)[entry.outcome]++;
  }
  return summary;
}

/** A table that publishes files: its section, its columns naming a file, and its key's columns. */
export interface FileUseSource {
  section: string;
  table: PgTable;
  fileColumns: string[];
  keyColumns: string[];
}

/**
 * Where files are published, as SQL can read it: each recorded table's columns that refer to
 * `files.id` (their foreign keys), keyed as the history keys the table's rows (keyerOf), so
 * the publishing screen's filter and order find what usesOfFiles finds.
 */
export function fileUseSources(): FileUseSource[] {
  return recordedTables().flatMap(([section, table]) => {
    const config = getTableConfig(table);
    const fileColumns = config.foreignKeys.flatMap((foreignKey) => {
      const reference = foreignKey.reference();
      return reference.foreignTable === files ? reference.columns.map((column) => column.name) : [];
    });
    if (fileColumns.length === 0) return [];
    const keyColumns = (config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary)).map(
      (column) => column.name,
    );
    return [{ section, table, fileColumns, keyColumns }];
  });
}
