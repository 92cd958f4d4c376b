import {
  catalogueSectionWords,
  PUBLISHED_FILES_DEFAULT_LIMIT,
  type PublishedFile,
  type PublishedFilePage,
  type PublishedFileSort,
  type PublishedFileState,
} from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connect';
import { files, fileWithdrawals } from '../../plugins/catalogue/catalogue-tables';
import { fileUseSources } from '../../plugins/catalogue/history';

/**
 * The published files a page at a time (docs/publishing.md#published-files,
 * docs/decisions/250-published-files-by-keyset-pages.md): filtered, ordered and cut in SQL,
 * with keyset cursors, so a page of 50 costs the same over 35 files or 10,000.
 */

/** The collation that orders digits as numbers (2.9 before 2.10); created by the migration that added the listing's indexes. */
const NATURAL = sql.raw('"natural_order"');

/** A cursor's position: after (forward) or before (back) the row with this sort value and ID. */
interface Position {
  direction: 'after' | 'before';
  sort: PublishedFileSort;
  value: string | number;
  id: string;
}

/** Refused: a cursor that is not one of ours, or not for this sort. */
export class CursorRefused extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A timestamp as PostgreSQL keeps it, to the microsecond: a cursor must not round it to milliseconds. */
const MICROSECOND_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const TEXT_VALUE_MAX_CHARS = 1_000;

export function encodeCursor({ direction, sort, value, id }: Position): string {
  return Buffer.from(JSON.stringify([direction === 'after' ? 'a' : 'b', sort, value, id])).toString('base64url');
}

/** The position a cursor names; CursorRefused unless it is exactly one the server would give for this sort. */
export function decodeCursor(cursor: string, sort: PublishedFileSort): Position {
  const refuse = () => new CursorRefused();
  let parsed: unknown;
  try {
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    // Only the canonical encoding: no padding, stray bits or other spellings of the same bytes.
    if (Buffer.from(text).toString('base64url') !== cursor) throw refuse();
    parsed = JSON.parse(text);
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [direction, cursorSort, value, id] = parsed as unknown[];
  if ((direction !== 'a' && direction !== 'b') || cursorSort !== sort) throw refuse();
  if (typeof id !== 'string' || !UUID.test(id)) throw refuse();
  const field = sort.replace('-', '');
  if (field === 'size') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw refuse();
  } else if (field === 'published') {
    const time = typeof value === 'string' ? MICROSECOND_TIME.exec(value) : null;
    const date = time ? new Date(`${time[1]}Z`) : null;
    if (!time || !date || Number.isNaN(date.getTime()) || date.toISOString() !== `${time[1]}Z`) throw refuse();
  } else if (typeof value !== 'string' || value.length > TEXT_VALUE_MAX_CHARS || /\p{Cc}/u.test(value)) {
    throw refuse();
  }
  return { direction: direction === 'a' ? 'after' : 'before', sort, value: value as string | number, id };
}

const column = (name: string) => sql.identifier(name);
/** IDs as one uuid[] parameter list (Drizzle spreads a JS array into a row). */
const uuidArray = (ids: string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** Every (file, section, key, words) where a file is published: one branch per table that refers to files. */
function usesQuery(): SQL {
  const branches = fileUseSources().flatMap(({ section, table, fileColumns, keyColumns }) =>
    fileColumns.map((fileColumn) => {
      const key = sql.join(
        keyColumns.map((name) => sql`t.${column(name)}::text`),
        sql`, `,
      );
      return sql`SELECT t.${column(fileColumn)} AS file_id, ${section}::text AS section,
        concat_ws(' ', ${key}) AS key, ${catalogueSectionWords(section)}::text AS words
        FROM ${column(getTableConfig(table).name)} AS t WHERE t.${column(fileColumn)} IS NOT NULL`;
    }),
  );
  return sql.join(branches, sql` UNION ALL `);
}

/** `%text%` for LIKE, its own % _ and \ taken literally. */
const likeAnywhere = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The sort's expression over the listing's row `l`. */
function sortExpression(field: string): SQL {
  if (field === 'name') return sql`l.name`;
  if (field === 'size') return sql`l.size_bytes`;
  if (field === 'where') return sql`l.where_sort COLLATE ${NATURAL}`;
  return sql`l.published_at`;
}

/** The cursor's value, cast as the sort's expression is. */
function cursorValue(field: string, value: string | number): SQL {
  if (field === 'size') return sql`${value}::bigint`;
  if (field === 'published') return sql`${value}::timestamptz`;
  if (field === 'where') return sql`${value}::text COLLATE ${NATURAL}`;
  return sql`${value}::text`;
}

interface ListingRow extends Record<string, unknown> {
  id: string;
  name: string;
  content_type: string;
  size_bytes: string | number;
  sha256: string;
  published_at: Date | string;
  published_key: string;
  where_sort: string;
  withdrawn_at: Date | string | null;
  withdrawn_by: string | null;
  withdrawn_reason: string | null;
}

export interface PublishedFilesAsked {
  limit?: number;
  cursor?: string;
  q?: string;
  state?: PublishedFileState;
  sort?: PublishedFileSort;
}

/**
 * The listing's rows: the file with its withdrawal, and, only when the sort needs it, the
 * natural sort key of where it is published (its least "words key").
 */
function listing(withWhere: boolean): SQL {
  const where = withWhere
    ? sql`LEFT JOIN (SELECT file_id, min(words || ' ' || key COLLATE ${NATURAL}) AS where_sort
        FROM (${usesQuery()}) AS u GROUP BY file_id) AS b ON b.file_id = f.id`
    : sql``;
  return sql`SELECT f.id, f.name, f.content_type, f.size_bytes, f.sha256, f.published_at,
      to_char(f.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS published_key,
      ${withWhere ? sql`coalesce(b.where_sort, '')` : sql`''`} AS where_sort,
      w.withdrawn_at, w.withdrawn_by, w.reason AS withdrawn_reason
    FROM ${files} AS f LEFT JOIN ${fileWithdrawals} AS w ON w.file_id = f.id ${where}`;
}

function filters({ q, state, ids }: { q?: string; state?: PublishedFileState; ids?: string[] }): SQL[] {
  const conditions: SQL[] = [];
  if (state === 'live') conditions.push(sql`l.withdrawn_at IS NULL`);
  if (state === 'withdrawn') conditions.push(sql`l.withdrawn_at IS NOT NULL`);
  if (ids) conditions.push(sql`l.id = ANY(${uuidArray(ids)})`);
  const text = q?.trim() ?? '';
  if (text !== '') {
    const pattern = likeAnywhere(text);
    const sha256Prefix = /^[0-9a-f]{1,64}$/i.test(text)
      ? sql` OR left(l.sha256, ${text.length}) = ${text.toLowerCase()}`
      : sql``;
    // IN, not a correlated EXISTS: the uses are read and matched once, then hashed, instead of once per file.
    conditions.push(sql`(l.name ILIKE ${pattern}${sha256Prefix} OR l.id IN (
      SELECT u.file_id FROM (${usesQuery()}) AS u
        WHERE u.words || ' ' || u.key ILIKE ${pattern} OR u.section || ' ' || u.key ILIKE ${pattern}))`);
  }
  return conditions;
}

function fileOf(row: ListingRow, uses: Map<string, PublishedFile['uses']>): PublishedFile {
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256.trim(),
    publishedAt: iso(row.published_at),
    uses: uses.get(row.id) ?? [],
    withdrawn:
      row.withdrawn_at === null
        ? null
        : { at: iso(row.withdrawn_at), by: row.withdrawn_by ?? '', reason: row.withdrawn_reason ?? '' },
  };
}

async function usesOf(db: DatabaseExecutor, ids: string[]): Promise<Map<string, PublishedFile['uses']>> {
  const uses = new Map<string, PublishedFile['uses']>();
  if (ids.length === 0) return uses;
  const { rows } = await db.execute<{ file_id: string; section: string; key: string }>(
    sql`SELECT u.file_id, u.section, u.key FROM (${usesQuery()}) AS u
        WHERE u.file_id = ANY(${uuidArray(ids)}) ORDER BY u.section, u.key COLLATE ${NATURAL}`,
  );
  for (const row of rows)
    uses.set(row.file_id, [...(uses.get(row.file_id) ?? []), { section: row.section, key: row.key }]);
  return uses;
}

/** The sort value of a row as a cursor keeps it. */
function sortValueOf(row: ListingRow, field: string): string | number {
  if (field === 'size') return Number(row.size_bytes);
  if (field === 'published') return row.published_key;
  if (field === 'name') return row.name;
  return row.where_sort;
}

/** One page of published files; CursorRefused for a cursor that is not one of ours. */
export async function publishedFilePage(db: DatabaseExecutor, asked: PublishedFilesAsked): Promise<PublishedFilePage> {
  const sort = asked.sort ?? '-published';
  const limit = asked.limit ?? PUBLISHED_FILES_DEFAULT_LIMIT;
  const field = sort.replace('-', '');
  const descending = sort.startsWith('-');
  const position = asked.cursor === undefined ? undefined : decodeCursor(asked.cursor, sort);
  const key = sortExpression(field);
  const conditions = filters(asked);
  // Back is the same order read the other way from the cursor, then turned round.
  const backwards = position?.direction === 'before';
  const readDescending = descending !== backwards;
  const beyond = (of: Position, forward: boolean) => {
    const comparison = forward === descending ? sql`<` : sql`>`;
    return sql`(${key}, l.id) ${comparison} (${cursorValue(field, of.value)}, ${of.id}::uuid)`;
  };
  const where = (extra: SQL[]) => {
    const all = [...conditions, ...extra];
    return all.length === 0 ? sql`` : sql`WHERE ${sql.join(all, sql` AND `)}`;
  };
  const order = readDescending ? sql`DESC` : sql`ASC`;
  const base = listing(field === 'where');
  const { rows } = await db.execute<ListingRow>(
    sql`SELECT * FROM (${base}) AS l ${where(position ? [beyond(position, !backwards)] : [])}
        ORDER BY ${key} ${order}, l.id ${order} LIMIT ${limit + 1}`,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const cursorAt = (row: ListingRow, direction: Position['direction']) =>
    encodeCursor({ direction, sort, value: sortValueOf(row, field), id: row.id });

  // Whether anything lies on the other side of the page than the way it was read.
  let other = false;
  if (position) {
    const edge = backwards ? last : first;
    const from: Position = edge ? { ...position, value: sortValueOf(edge, field), id: edge.id } : position;
    const { rows: beyondRows } = await db.execute(
      sql`SELECT 1 FROM (${base}) AS l ${where([beyond(from, backwards)])} LIMIT 1`,
    );
    other = beyondRows.length > 0;
  }
  const hasNext = backwards ? other : more;
  const hasPrevious = backwards ? more : other;
  const uses = await usesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    files: page.map((row) => fileOf(row, uses)),
    nextCursor: hasNext && last ? cursorAt(last, 'after') : null,
    previousCursor: hasPrevious && first ? cursorAt(first, 'before') : null,
  };
}

/** One published file as the listing shows it, or undefined. */
export async function publishedFile(db: DatabaseExecutor, id: string): Promise<PublishedFile | undefined> {
  const { rows } = await db.execute<ListingRow>(
    sql`SELECT * FROM (${listing(false)}) AS l WHERE ${sql.join(filters({ ids: [id] }), sql` AND `)}`,
  );
  const row = rows[0];
  return row && fileOf(row, await usesOf(db, [row.id]));
}
