import {
  API_TOKEN_CHECKSUM_CHARS,
  API_TOKEN_KEPT_AFTER_EXPIRY_DAYS,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKEN_RANDOM_CHARS,
  type ApiTokenScope,
  type ApiTokenSummary,
} from '@portal/contracts';
import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../db/connect';
import { keyedDigester } from './keyed-digest';

const PURPOSE = 'api-token';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * API tokens (docs/decisions/260-api-tokens-for-publishing.md): each by the keyed SHA-256
 * digest of the token, never the token. A revoked token's row is deleted at once: the
 * audit log keeps the creation and the revocation with the token's name.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    digest: text('digest').notNull().unique(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['publish'] }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
  },
  (table) => [index('api_tokens_created_by_idx').on(table.createdBy)],
);

/** The token behind a request: who created it is who acts. */
export interface ApiTokenIdentity {
  id: string;
  name: string;
  scope: ApiTokenScope;
  createdBy: string;
  expiresAt: Date;
}

function base62(value: number, chars: number): string {
  let out = '';
  for (let rest = value; out.length < chars; rest = Math.floor(rest / 62)) out = BASE62[rest % 62]! + out;
  return out;
}

function checksumOf(random: string): string {
  return base62(crc32(random), API_TOKEN_CHECKSUM_CHARS);
}

/** A new token: prefix, randomness from node:crypto (about 178 bits), CRC32 of it. */
export function newApiToken(): string {
  let random = '';
  for (let i = 0; i < API_TOKEN_RANDOM_CHARS; i++) random += BASE62[randomInt(62)];
  return `${API_TOKEN_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether a bearer is meant as an API token (its prefix), whatever else is wrong with it. */
export function looksLikeApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

/** Whether the token is well formed with a right checksum: a typo is refused without a query. */
export function isWellFormedApiToken(token: string): boolean {
  if (!API_TOKEN_PATTERN.test(token)) return false;
  const random = token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + API_TOKEN_RANDOM_CHARS);
  return token.endsWith(checksumOf(random));
}

export function apiTokenDigester(secretKey: Buffer): (token: string) => string {
  return keyedDigester(secretKey, PURPOSE);
}

const summaryColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  createdBy: apiTokens.createdBy,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedAddress: apiTokens.lastUsedAddress,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null };

export function apiTokenSummary(row: SummaryRow): ApiTokenSummary {
  return {
    id: row.id!,
    name: row.name!,
    scope: row.scope!,
    createdBy: row.createdBy!,
    createdAt: row.createdAt!.toISOString(),
    expiresAt: row.expiresAt!.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress ?? null,
  };
}

/** Creates a token; the answer is the only place the token ever appears. */
export async function createApiToken(
  db: DatabaseExecutor,
  secretKey: Buffer,
  values: { name: string; createdBy: string; expiresInDays: number },
  now = new Date(),
): Promise<ApiTokenSummary & { token: string }> {
  const token = newApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({
      digest: apiTokenDigester(secretKey)(token),
      name: values.name,
      scope: 'publish',
      createdBy: values.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + values.expiresInDays * 86_400_000),
    })
    .returning(summaryColumns);
  return { ...apiTokenSummary(row!), token };
}

/** The tokens of `createdBy` (everyone's when undefined), oldest first; long-expired ones are deleted first. */
export async function listApiTokens(db: DatabaseExecutor, createdBy: string | undefined, now = new Date()) {
  await db
    .delete(apiTokens)
    .where(lt(apiTokens.expiresAt, new Date(now.getTime() - API_TOKEN_KEPT_AFTER_EXPIRY_DAYS * 86_400_000)));
  const rows = await db
    .select(summaryColumns)
    .from(apiTokens)
    .where(createdBy === undefined ? undefined : eq(apiTokens.createdBy, createdBy))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map(apiTokenSummary);
}

/**
 * Revokes (deletes) a token of `createdBy` (anyone's when undefined): the row is the truth
 * every portal reads at each use, so the next request anywhere is refused. The token as it
 * was, or undefined when there is none the caller may revoke.
 */
export async function revokeApiToken(db: DatabaseExecutor, id: string, createdBy: string | undefined) {
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), createdBy === undefined ? undefined : eq(apiTokens.createdBy, createdBy)))
    .returning(summaryColumns);
  return row ? apiTokenSummary(row) : undefined;
}

/**
 * The live token behind `token`, found by its digest (no comparison of secrets happens), its
 * last use set to now and `address`; undefined for a malformed, unknown, expired or revoked one.
 */
export async function useApiToken(
  db: DatabaseExecutor,
  secretKey: Buffer,
  token: string,
  address: string,
  now = new Date(),
): Promise<ApiTokenIdentity | undefined> {
  if (!isWellFormedApiToken(token)) return undefined;
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: now, lastUsedAddress: address })
    .where(and(eq(apiTokens.digest, apiTokenDigester(secretKey)(token)), gt(apiTokens.expiresAt, now)))
    .returning({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      createdBy: apiTokens.createdBy,
      expiresAt: apiTokens.expiresAt,
    });
  return row;
}
