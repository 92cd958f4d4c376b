import { AUDIT_ACTIONS, AUDIT_PATHS, type AuditPage } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get } = demo;

describe('GET /v1/audit', () => {
  it('lists the audit log newest first, a page at a time', async () => {
    // Row 1 is the demo catalogue's import, a publish by the command line; rows 2 and 3 its
    // security advisories, published by the command line too (docs/security-advisories.md).
    const imported = (await get('/v1/audit', demo.staff)).json<AuditPage>().entries;
    expect(imported.map((entry) => [entry.id, entry.actorEmail, entry.action])).toEqual([
      [3, 'cli', AUDIT_ACTIONS.advisoryPublish],
      [2, 'cli', AUDIT_ACTIONS.advisoryPublish],
      [1, 'cli', AUDIT_ACTIONS.cataloguePublish],
    ]);
    for (const challenge of ['11', '22', '33']) {
      expect((await get(`/v1/Cornerstone/ServiceKey/Challenge/${challenge}`, demo.staff)).statusCode).toBe(200);
    }
    const first = await get('/v1/audit?limit=3', demo.staff);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = first.json<AuditPage>();
    expect(page.entries.map((entry) => entry.id)).toEqual([6, 5, 4]);
    expect(page.nextBefore).toBe(4);
    const last = (await get(`/v1/audit?limit=3&before=${page.nextBefore}`, demo.staff)).json<AuditPage>();
    expect(last.entries.map((entry) => entry.id)).toEqual([3, 2, 1]);
    expect(last.nextBefore).toBeNull();
    expect(last.entries[2]!.previousHash).toBe('0'.repeat(64));
    expect(last.entries[1]!.previousHash).toBe(last.entries[2]!.rowHash);
    expect(page.entries[2]!.previousHash).toBe(last.entries[0]!.rowHash);
  });

  it('answers 400 to a malformed page', async () => {
    const huge = '9'.repeat(400);
    for (const query of [
      'before=abc',
      'before=0',
      'limit=0',
      'limit=201',
      'limit=-1',
      'limit=1.5',
      'since=1',
      ...['1e9999', '-1e9999', 'Infinity', '-Infinity', 'NaN', huge].flatMap((n) => [`before=${n}`, `limit=${n}`]),
    ]) {
      const response = await get(`/v1/audit?${query}`, demo.staff);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('takes the Bearer scheme in any case (RFC 9110 §11.1)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await get('/v1/audit?limit=1', demo.staff.replace(/^Bearer/, scheme));
      expect(response.statusCode, scheme).toBe(200);
    }
  });

  it('answers only signed-in staff', async () => {
    const response = await get('/v1/audit', undefined, { remoteAddress: demo.freshClient() });
    expect(response.statusCode).toBe(401);
  });
});

describe('the audit log filters, verification and CSV export (administrators)', () => {
  const challenge = async (bearer: string, key: string) =>
    expect((await get(`/v1/Cornerstone/ServiceKey/Challenge/${key}`, bearer)).statusCode).toBe(200);
  const page = async (query: string) => {
    const response = await get(`${AUDIT_PATHS.log}?${query}`, demo.staff);
    expect(response.statusCode, query).toBe(200);
    return response.json<AuditPage>().entries;
  };

  it('filters by actor, action and UTC days, inclusive', async () => {
    const service = await demo.signIn('filtered.actor@example.com', ['service']);
    await challenge(service, '44');
    await challenge(service, '55');
    const mine = await page('actor=filtered.actor@example.com');
    expect(mine).toHaveLength(2);
    expect(mine.every((entry) => entry.actorEmail === 'filtered.actor@example.com')).toBe(true);
    expect(await page(`actor=filtered.actor@example.com&action=${AUDIT_ACTIONS.expiringKey}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page(`actor=filtered.actor@example.com&from=${today}&to=${today}`)).toHaveLength(2);
    expect(await page(`actor=filtered.actor@example.com&to=2000-01-01`)).toEqual([]);
    expect(await page(`actor=filtered.actor@example.com&from=2999-01-01`)).toEqual([]);
  });

  it('answers 400 to a day that does not exist', async () => {
    for (const query of ['from=2026-02-30', 'to=2026-13-01', 'from=26-1-1', 'to=yesterday']) {
      const response = await get(`${AUDIT_PATHS.log}?${query}`, demo.staff);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await get(`${AUDIT_PATHS.export}?${query}`, demo.staff)).statusCode, query).toBe(400);
    }
  });

  it('checks the hash chain now, as `audit verify` does', async () => {
    await challenge(demo.staff, '66');
    const intact = await get(AUDIT_PATHS.verification, demo.staff);
    expect(intact.statusCode).toBe(200);
    expect(intact.headers['cache-control']).toBe('private, no-store');
    const { rows, headHash, state } = intact.json();
    expect(state).toBe('intact');
    expect(rows).toBeGreaterThan(0);
    expect(headHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exports the filtered rows oldest first as CSV, quoted per RFC 4180, formulas defused', async () => {
    // An actor address a spreadsheet would run as a formula (= is allowed in an address).
    const formula = await demo.signIn('=cmd@example.com', ['service']);
    await challenge(formula, '77');
    await challenge(formula, '88');
    const response = await get(`${AUDIT_PATHS.export}?actor=${encodeURIComponent('=cmd@example.com')}`, demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '"id","occurredAt","actorEmail","action","outcome","registrationDigest","subjectDigest","detail","requestId","clientAddress","previousHash","rowHash"',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    expect(rows).toHaveLength(2);
    expect(rows.map((cells) => cells[2])).toEqual([`"'=cmd@example.com"`, `"'=cmd@example.com"`]);
    expect(rows.map((cells) => cells[3])).toEqual([
      `"${AUDIT_ACTIONS.challengeResponse}"`,
      `"${AUDIT_ACTIONS.challengeResponse}"`,
    ]);
    expect(Number(rows[0]![0])).toBeLessThan(Number(rows[1]![0]));
  });

  it('defuses cells that start with = + - @', async () => {
    const { csvLine } = await import('./csv');
    expect(csvLine(['=1+1', '+1', '-1', '@SUM(A1)', 'plain "quoted", text', null, 7])).toBe(
      `"'=1+1","'+1","'-1","'@SUM(A1)","plain ""quoted"", text",,7\r\n`,
    );
  });

  // Last: it breaks the chain of this file's database.
  it('names the first broken row of a chain altered behind the portal', async () => {
    const { db } = demo.portal.database;
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete`);
    await db.execute(sql`UPDATE audit_log SET outcome = 'altered' WHERE id = 2`);
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_or_delete`);
    expect((await get(AUDIT_PATHS.verification, demo.staff)).json()).toEqual({
      state: 'broken',
      rowId: 2,
      reason: 'its content does not match its hash',
    });
  });
});
