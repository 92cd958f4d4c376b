import type pg from 'pg';
import type { ArchivedSequence, ArchivedTable } from './archive';

/** Where the portal's tables live; drizzle's own bookkeeping is in `drizzle` and is not copied (restore migrates). */
const SCHEMA = 'public';

/**
 * COPY text is read back exactly only when both ends agree on these: dates in ISO with their
 * offset, bytea as hex, intervals in PostgreSQL's own style. Set inside the transaction.
 */
export async function setCopySettings(client: pg.PoolClient) {
  await client.query(
    `SET LOCAL datestyle = 'ISO, YMD'; SET LOCAL timezone = 'UTC'; SET LOCAL intervalstyle = 'postgres'; ` +
      `SET LOCAL bytea_output = 'hex'; SET LOCAL extra_float_digits = 3`,
  );
}

/** The portal's tables with their copied columns, a referenced table before those that reference it. */
export async function tablesInLoadOrder(client: pg.PoolClient): Promise<Array<Omit<ArchivedTable, 'rows'>>> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = $1 AND c.relkind = 'r'
      GROUP BY c.relname
      ORDER BY c.relname`,
    [SCHEMA],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = $1 AND child.oid <> parent.oid`,
    [SCHEMA],
  );
  const parentsOf = new Map<string, string[]>();
  for (const { child, parent } of references) parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return; // a cycle would need deferred constraints; the schema has none
    path.add(name);
    for (const parent of parentsOf.get(name) ?? []) place(parent, path);
    const table = byName.get(name);
    if (table) ordered.push(table);
    placed.add(name);
  };
  for (const table of tables) place(table.name, new Set());
  return ordered;
}

/** Every sequence's position, so that ids handed out after a restore follow those in the archive. */
export async function sequencePositions(client: pg.PoolClient): Promise<ArchivedSequence[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname`,
    [SCHEMA],
  );
  const positions: ArchivedSequence[] = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(client, name)}`,
    );
    positions.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return positions;
}

export async function restoreSequences(client: pg.PoolClient, sequences: ArchivedSequence[]) {
  for (const { name, lastValue, isCalled } of sequences) {
    await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
      `${SCHEMA}.${client.escapeIdentifier(name)}`,
      lastValue,
      isCalled,
    ]);
  }
}

/** Whether the database holds anything of a portal (or of anyone): restore only writes into an empty one. */
export async function databaseIsEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ tables: number }>(
    `SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return rows[0]!.tables === 0;
}

/** `restore --force`: the portal's schemas go, with everything in them (the audit log's triggers included). */
export async function emptyDatabase(client: pg.ClientBase) {
  await client.query(
    `DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public`,
  );
}

export function copyOutStatement(client: pg.ClientBase, table: Omit<ArchivedTable, 'rows'>): string {
  return `COPY ${qualified(client, table.name)} (${table.columns.map((c) => client.escapeIdentifier(c)).join(', ')}) TO STDOUT`;
}

export function copyInStatement(client: pg.ClientBase, table: ArchivedTable): string {
  return `COPY ${qualified(client, table.name)} (${table.columns.map((c) => client.escapeIdentifier(c)).join(', ')}) FROM STDIN`;
}

function qualified(client: pg.ClientBase, name: string): string {
  return `${SCHEMA}.${client.escapeIdentifier(name)}`;
}
