import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AUDIT_ACTIONS } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { auditChainKey, auditLog, verifyAuditChain } from '../../plugins/audit-log-chain';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { erasePersonalData } from './privacy-erase';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../cli.ts', import.meta.url));

const demo = useDemoPortal();
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-privacy-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const db = () => demo.portal.database.db;
const digestOf = (id: string) => demo.portal.app.registrations.digestOf({ scheme: 'hasp', id });
const keyDigestOf = (id: string) => demo.portal.app.registrations.digestOf({ scheme: 'rainbow', id });

// The files and password-reset features' tables, read and written in SQL: a feature's test
// reaches another feature's tables no more than its code does.

/** Download records of these registration digests (null: a staff download), one per entry. */
async function recordDownloads(digests: (string | null)[]) {
  const [file] = await db().select({ id: files.id }).from(files).limit(1);
  for (const digest of digests) {
    await db().execute(
      sql`INSERT INTO downloads (file_id, registration_digest, bytes_sent, client_address) VALUES (${file!.id}, ${digest}, 1234, '203.0.113.0')`,
    );
  }
}

const digestsLeft = async () =>
  (
    await db().execute<{ digest: string | null }>(sql`SELECT registration_digest AS digest FROM downloads ORDER BY id`)
  ).rows.map((row) => row.digest);
const adminsOf = async (id: string) =>
  (
    await db().execute<{ emails: string[] }>(
      sql`SELECT authorized_admin_emails AS emails FROM password_reset_registrations WHERE registration_digest = ${digestOf(id)}`,
    )
  ).rows[0]!.emails;
const erasureRows = () => db().select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.privacyErase));

/** `npm run portal -- privacy erase …`, from source, on this portal's database and SECRET_KEY. */
function privacyErase(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, 'privacy', 'erase', ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATABASE_URL: demo.portal.database.url.toString(),
      SECRET_KEY: demo.portal.app.secretKey.toString('hex'),
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('privacy erase', () => {
  it('removes exactly the download records of a registration ID or key ID, in one transaction with one audit row', async () => {
    await db().execute(sql`DELETE FROM downloads`);
    const cs = digestOf('DEMO-CS-1001');
    const onh = digestOf('DEMO-ONH-1002');
    const key = keyDigestOf('DEMO-KEY-2001');
    await recordDownloads([cs, cs, onh, null, key, cs]);
    const rowsBefore = (await erasureRows()).length;

    // Typed as a customer types it: another case, stray spaces.
    const erased = await privacyErase('--registration', ' demo-cs-1001 ');
    expect(erased.stderr).toBe('');
    expect(erased.code).toBe(0);
    expect(erased.stdout.trim()).toBe('Removed 3 download records of that ID.');
    expect((await digestsLeft()).sort()).toEqual([onh, null, key].sort());

    expect(
      await erasePersonalData(db(), demo.portal.app.secretKey, { kind: 'registration', id: 'DEMO-KEY-2001' }),
    ).toEqual({ adminAddresses: 0, downloadRecords: 1 });
    expect((await digestsLeft()).sort()).toEqual([onh, null].sort());

    const rows = (await erasureRows()).slice(rowsBefore);
    expect(rows).toHaveLength(2);
    // The row keeps a digest of the request, never the ID or its registration digest.
    for (const row of rows) {
      expect(row.actorEmail).toBe('cli');
      expect(row.registrationDigest).toBeNull();
      expect(row.subjectDigest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toMatch(/DEMO-CS-1001|DEMO-KEY-2001/i);
      expect(JSON.stringify(row)).not.toContain(cs);
    }
    expect(JSON.parse(rows[0]!.detail!)).toEqual({ kind: 'registration', adminAddresses: 0, downloadRecords: 3 });
    expect(await verifyAuditChain(db(), auditChainKey(demo.portal.app.secretKey))).toMatchObject({ kind: 'intact' });
  });

  it('takes an authorized admin address off every list that holds it, and nothing else', async () => {
    const rowsBefore = (await erasureRows()).length;
    const downloadsBefore = await digestsLeft();
    const erased = await privacyErase('--email', 'Lab.Admin@Customer.example');
    expect(erased.code).toBe(0);
    expect(erased.stdout.trim()).toBe('Removed the address from the authorized admins of 1 registration.');
    expect(await adminsOf('DEMO-CS-1001')).toEqual([]);
    expect(await adminsOf('DEMO-ONH-1002')).toEqual(['onh.admin@customer.example']);
    expect(await digestsLeft()).toEqual(downloadsBefore);

    const rows = (await erasureRows()).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toMatch(/lab\.admin/i);
    expect(JSON.parse(rows[0]!.detail!)).toEqual({ kind: 'email', adminAddresses: 1, downloadRecords: 0 });
  });

  it('says so when an address or ID matches nothing, and changes nothing', async () => {
    const rowsBefore = await db().$count(auditLog);
    const downloadsBefore = await digestsLeft();
    const address = await privacyErase('--email', 'nobody@customer.example');
    expect(address.code).toBe(0);
    expect(address.stdout.trim()).toBe('No authorized admin list holds that address; nothing was changed.');
    const id = await privacyErase('--registration', 'NO-SUCH-9999');
    expect(id.stdout.trim()).toBe('No download records of that ID; nothing was changed.');
    expect(await db().$count(auditLog)).toBe(rowsBefore);
    expect(await digestsLeft()).toEqual(downloadsBefore);
    expect(await adminsOf('DEMO-ONH-1002')).toEqual(['onh.admin@customer.example']);
  });

  it('refuses a request without its value', async () => {
    const refused = await privacyErase('--email');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('privacy erase --email <address>');
  });
});
