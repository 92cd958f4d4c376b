import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, lt, min, sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../db/connect';
import { derivedKey } from '../shared/keyed-digest';

/**
 * The staff audit log (decision 076): append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE) and chained: each row stores the MAC of the row before it and its own, so a
 * row altered, removed or inserted behind the portal's back breaks the chain at that row.
 * Never a key, a challenge or a registration ID in clear: keyed digests only.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** 1, 2, 3, … without gaps: the previous row's plus one, assigned under the chain lock. */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** The keyed digest the catalogue stores the registration under. */
    registrationDigest: text('registration_digest'),
    outcome: text('outcome').notNull(),
    requestId: text('request_id').notNull(),
    /** An IPv4 /24 or IPv6 /48 (shared/client-address.ts). */
    clientAddress: text('client_address').notNull(),
    /** A keyed digest of the key or challenge the act handed out or read, if any. */
    subjectDigest: text('subject_digest'),
    /** JSON text of details that are no secret (e.g. how many addresses were added). */
    detail: text('detail'),
    previousHash: text('previous_hash').notNull(),
    rowHash: text('row_hash').notNull(),
  },
  (table) => [
    check('audit_log_id_positive', sql`${table.id} > 0`),
    // For limits counted from the log: acts per registration and per staff member.
    index('audit_log_registration_idx').on(table.action, table.registrationDigest, table.occurredAt),
    index('audit_log_actor_idx').on(table.action, table.actorEmail, table.occurredAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<AuditRow, 'id' | 'occurredAt' | 'previousHash' | 'rowHash'>;

/** The previous hash of row 1. */
export const GENESIS_HASH = '0'.repeat(64);
/** The advisory lock that serialises appends (any number, fixed for the life of the table). */
const CHAIN_LOCK = 0x61756469; // "audi"

export function auditChainKey(secretKey: Buffer): Buffer {
  return derivedKey(secretKey, 'audit-log:chain');
}

/** HMAC-SHA-256 over every field, in a fixed order, as one JSON array. */
export function rowHashOf(chainKey: Buffer, row: Omit<AuditRow, 'rowHash'>): string {
  const fields = [
    row.id,
    row.occurredAt.toISOString(),
    row.actorEmail,
    row.action,
    row.registrationDigest,
    row.outcome,
    row.requestId,
    row.clientAddress,
    row.subjectDigest,
    row.detail,
    row.previousHash,
  ];
  return createHmac('sha256', chainKey).update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends one row inside the caller's transaction: the advisory lock is held to its
 * commit, so two appends never read the same head, and a rolled-back act leaves no row.
 */
export async function appendAudit(tx: DatabaseExecutor, chainKey: Buffer, entry: AuditEntry, now = new Date()) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [head] = await tx
    .select({ id: auditLog.id, rowHash: auditLog.rowHash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  const row = { ...entry, id: (head?.id ?? 0) + 1, occurredAt: now, previousHash: head?.rowHash ?? GENESIS_HASH };
  await tx.insert(auditLog).values({ ...row, rowHash: rowHashOf(chainKey, row) });
}

export interface ActFilter {
  action: string;
  outcome: string;
  registrationDigest?: string;
  actorEmail?: string;
}

/**
 * How many such acts were recorded since `since`, and the oldest one's time: limits that
 * must hold across every portal. Takes the chain lock first, so the count cannot change
 * before this transaction appends its own row.
 */
export async function countActs(tx: DatabaseExecutor, filter: ActFilter, since: Date) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, oldest: min(auditLog.occurredAt) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, filter.action),
        eq(auditLog.outcome, filter.outcome),
        filter.registrationDigest === undefined
          ? undefined
          : eq(auditLog.registrationDigest, filter.registrationDigest),
        filter.actorEmail === undefined ? undefined : eq(auditLog.actorEmail, filter.actorEmail),
        gte(auditLog.occurredAt, since),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? undefined };
}

/** What the audit log screen filters by: exact actor and action, and a time range (`to` exclusive). */
export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

function filtered({ actor, action, from, to }: AuditFilter) {
  return [
    actor === undefined ? undefined : eq(auditLog.actorEmail, actor),
    action === undefined ? undefined : eq(auditLog.action, action),
    from === undefined ? undefined : gte(auditLog.occurredAt, from),
    to === undefined ? undefined : lt(auditLog.occurredAt, to),
  ];
}

/** Newest first, `limit` rows with an id below `before`, of those the filter selects. */
export async function listAudit(
  db: DatabaseExecutor,
  { before, limit, ...filter }: { before?: number; limit: number } & AuditFilter,
) {
  return db
    .select()
    .from(auditLog)
    .where(and(before === undefined ? undefined : lt(auditLog.id, before), ...filtered(filter)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Every row the filter selects, oldest first, read `batchSize` at a time. */
export async function* auditRowsOldestFirst(db: DatabaseExecutor, filter: AuditFilter, batchSize = 1000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, after), ...filtered(filter)))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

export type ChainCheck =
  { kind: 'intact'; rows: number; headHash: string } | { kind: 'broken'; rowId: number; reason: string };

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Walks the chain from row 1 and names the first row that does not follow from the one before it. */
export async function verifyAuditChain(db: DatabaseExecutor, chainKey: Buffer, batchSize = 1000): Promise<ChainCheck> {
  let expectedId = 1;
  let previousHash = GENESIS_HASH;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, expectedId - 1))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    for (const row of rows) {
      if (row.id !== expectedId) return { kind: 'broken', rowId: row.id, reason: `row ${expectedId} is missing` };
      if (!sameHash(row.previousHash, previousHash))
        return { kind: 'broken', rowId: row.id, reason: 'its previous hash is not the hash of the row before it' };
      if (!sameHash(row.rowHash, rowHashOf(chainKey, row)))
        return { kind: 'broken', rowId: row.id, reason: 'its content does not match its hash' };
      previousHash = row.rowHash;
      expectedId += 1;
    }
    if (rows.length < batchSize) return { kind: 'intact', rows: expectedId - 1, headHash: previousHash };
  }
}
