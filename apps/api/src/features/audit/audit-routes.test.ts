import type { AuditPage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get } = demo;

describe('GET /v1/audit', () => {
  it('lists the audit log newest first, a page at a time', async () => {
    for (const challenge of ['11', '22', '33']) {
      expect((await get(`/v1/Cornerstone/ServiceKey/Challenge/${challenge}`, demo.staff)).statusCode).toBe(200);
    }
    const first = await get('/v1/audit?limit=2', demo.staff);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = first.json<AuditPage>();
    expect(page.entries.map((entry) => entry.id)).toEqual([3, 2]);
    expect(page.nextBefore).toBe(2);
    const last = (await get(`/v1/audit?limit=2&before=${page.nextBefore}`, demo.staff)).json<AuditPage>();
    expect(last.entries.map((entry) => entry.id)).toEqual([1]);
    expect(last.nextBefore).toBeNull();
    expect(last.entries[0]!.previousHash).toBe('0'.repeat(64));
    expect(page.entries[1]!.previousHash).toBe(last.entries[0]!.rowHash);
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
