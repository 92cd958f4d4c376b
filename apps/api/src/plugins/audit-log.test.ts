import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import {
  appendAudit,
  auditChainKey,
  auditLog,
  GENESIS_HASH,
  verifyAuditChain,
  type AuditEntry,
} from './audit-log-chain';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const SECRET_KEY = randomBytes(32);
const chainKey = auditChainKey(SECRET_KEY);

// Each test gets a database of its own (cloned from the migrated template in milliseconds)
// and appends the rows it needs: no test depends on what another left or on their order.
let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-audit-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

const entry = (action: string): AuditEntry => ({
  actorEmail: 'staff@example.com',
  action,
  outcome: 'issued',
  registrationDigest: null,
  requestId: 'req-1',
  clientAddress: '192.0.2.0',
  subjectDigest: null,
  detail: null,
});

/** Appends `count` rows one after the other: a chain of ids 1 to `count`. */
async function appendRows(count: number) {
  for (let i = 1; i <= count; i++) await appendAudit(database.db, chainKey, entry(`act ${i}`));
}

/** `npm run portal -- audit verify`, from source, on this file's database and SECRET_KEY. */
function auditVerify() {
  return run(process.execPath, ['--import', 'tsx', CLI, 'audit', 'verify'], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url.toString(),
      SECRET_KEY: SECRET_KEY.toString('hex'),
    },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('the audit log chain', () => {
  it('chains every row to the one before it, even when appends race', async () => {
    const { db } = database;
    await appendAudit(db, chainKey, entry('first'));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => db.transaction((tx) => appendAudit(tx, chainKey, entry(`race ${i}`)))),
    );
    const rows = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[0]!.previousHash).toBe(GENESIS_HASH);
    rows.slice(1).forEach((row, i) => expect(row.previousHash).toBe(rows[i]!.rowHash));
    expect(await verifyAuditChain(db, chainKey, 4)).toMatchObject({ kind: 'intact', rows: 9 });
  });

  it('leaves no row when the act it records is rolled back', async () => {
    const { db } = database;
    await appendRows(2);
    await expect(
      db.transaction(async (tx) => {
        await appendAudit(tx, chainKey, entry('rolled back'));
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await db.$count(auditLog)).toBe(2);
    expect(await verifyAuditChain(db, chainKey)).toMatchObject({ kind: 'intact', rows: 2 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { pool } = database;
    await appendRows(3);
    for (const statement of [
      `UPDATE audit_log SET outcome = 'refused' WHERE id = 2`,
      'DELETE FROM audit_log WHERE id = 2',
      'TRUNCATE audit_log',
    ]) {
      await expect(pool.query(statement), statement).rejects.toThrow(/audit_log is append-only/);
    }
    expect(await database.db.$count(auditLog)).toBe(3);
  });

  it('`audit verify` passes an intact chain and names the first row altered in SQL, exiting 1', async () => {
    await appendRows(9);
    const intact = await auditVerify();
    expect(intact.code).toBe(0);
    expect(intact.stdout).toContain('The audit log is intact: 9 rows');
    expect(intact.stdout).toMatch(/Newest row hash: [0-9a-f]{64}/);

    // Someone with the table owner's rights switches the guard off and edits history.
    await database.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete`);
    await database.db.execute(sql`UPDATE audit_log SET actor_email = 'someone@example.com' WHERE id IN (4, 6)`);
    const altered = await auditVerify();
    expect(altered.code).toBe(1);
    expect(altered.stderr).toContain('The audit log is broken at row 4: its content does not match its hash.');

    await database.db.execute(sql`DELETE FROM audit_log WHERE id >= 3`);
    await database.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_or_delete`);
    await appendAudit(database.db, chainKey, entry('after the cut'));
    // Removing the newest rows leaves a valid chain: only the newest hash kept elsewhere shows it.
    expect(await verifyAuditChain(database.db, chainKey)).toMatchObject({ kind: 'intact', rows: 3 });
    await database.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete`);
    await database.db.execute(sql`DELETE FROM audit_log WHERE id = 2`);
    expect(await verifyAuditChain(database.db, chainKey)).toEqual({
      kind: 'broken',
      rowId: 3,
      reason: 'row 2 is missing',
    });
  });

  it('a chain made with another SECRET_KEY does not verify', async () => {
    await appendRows(3);
    expect(await verifyAuditChain(database.db, chainKey)).toMatchObject({ kind: 'intact', rows: 3 });
    expect(await verifyAuditChain(database.db, auditChainKey(randomBytes(32)))).toMatchObject({
      kind: 'broken',
      rowId: 1,
    });
  });
});
