import { AUDIT_ACTIONS, FEED_REVOKED } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { parseAtom, text, type AtomEntryXml } from '../../../test/atom';
import { DEMO, importFolder, useDemoPortal } from '../../../test/demo-portal';
import { onePibManifest } from '../../../../../test-kit/manifests';

const demo = useDemoPortal();
const { get } = demo;

async function feedAddress(authorization: string): Promise<string> {
  const response = await get('/v1/feeds/current', authorization);
  expect(response.statusCode).toBe(200);
  return (response.json() as { feed: string }).feed;
}

const fileIdOf = (entry: AtomEntryXml) => entry.id.slice('urn:uuid:'.length);

describe('private feeds', () => {
  it('gives a registration a feed address that holds no part of its ID, and the same address each time', async () => {
    const address = await feedAddress(DEMO.CS);
    expect(address).toMatch(/^\/v1\/feeds\/[A-Za-z0-9_-]{32}\.atom$/);
    expect(address.toUpperCase()).not.toContain('1001');
    expect(await feedAddress(DEMO.CS)).toBe(address);
    expect(await feedAddress(DEMO.KEY)).not.toBe(address);
    expect((await get('/v1/feeds/current', 'Hasp id=NO-SUCH-ID')).statusCode).toBe(401);
  });

  it('answers valid Atom with the files the ID sees, newest first, with SHA-256 and no signed link', async () => {
    const response = await get(await feedAddress(DEMO.CS));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).not.toContain('signature=');
    const feed = parseAtom(response.body);
    const entries = feed.entry ?? [];
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.length).toBeLessThanOrEqual(100);
    const titles = entries.map((entry) => text(entry.title));
    expect(titles).toContain('Cornerstone 2.10.0 offline installer');
    expect(titles.some((title) => title.includes('PIB'))).toBe(true);
    expect(titles.some((title) => title.includes('Declaration of Software Validation'))).toBe(true);
    expect(titles.some((title) => title.includes('release notes'))).toBe(true);
    // Release notes' own text appears in their entries.
    const notes = entries.find((entry) => text(entry.title) === 'Cornerstone 2.10.0 release notes')!;
    const notesText = await readFile(
      path.join(DEMO_CATALOGUE_DIR, 'release-notes/Cornerstone-2.10.0-Release-Notes.txt'),
      'utf8',
    );
    expect(text(notes.content)).toContain(notesText.split('\n')[0]!.replace(/&/g, '&amp;'));
    // The newest entry may be the demo advisory's (docs/security-advisories.md); the newest file's names its SHA-256.
    const newestFile = entries.find((entry) => entry.id.startsWith('urn:uuid:'))!;
    expect(text(newestFile.content)).toMatch(/SHA-256<\/dt><dd>[0-9a-f]{64}</);
    const updated = entries.map((entry) => entry.updated);
    expect([...updated].sort().reverse()).toEqual(updated);
  });

  it('gives a key ID its PIBs and ChromaTOF downloads', async () => {
    const feed = parseAtom((await get(await feedAddress(DEMO.KEY))).body);
    const titles = (feed.entry ?? []).map((entry) => text(entry.title));
    expect(titles).toContain('ChromaTOF 6.1.0 Installer');
    expect(titles.some((title) => title.startsWith('ChromaTOF 6.1.0 PIB'))).toBe(true);
    expect(titles.some((title) => title.startsWith('Cornerstone'))).toBe(false);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, and the whole feed to a garbled validator', async () => {
    const address = await feedAddress(DEMO.ONH);
    const first = await get(address);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);

    const byEtag = await get(address, undefined, { headers: { 'if-none-match': etag } });
    expect(byEtag.statusCode).toBe(304);
    expect(byEtag.body).toBe('');
    expect(byEtag.headers.etag).toBe(etag);
    const byDate = await get(address, undefined, { headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get(address, undefined, { headers: { 'if-modified-since': earlier } })).statusCode).toBe(200);
    for (const garbage of ['garbage', '"nope"', 'W/', ',,,', '"' + 'x'.repeat(500)]) {
      const response = await get(address, undefined, { headers: { 'if-none-match': garbage } });
      expect(response.statusCode, garbage).toBe(200);
      expect(response.body).toBe(first.body);
    }
    const badDate = await get(address, undefined, { headers: { 'if-modified-since': 'yesterday-ish' } });
    expect(badDate.statusCode).toBe(200);
  });

  it('answers unknown, malformed and overlong tokens alike with 404, each a failed guess for the brake', async () => {
    const client = demo.freshClient();
    const bodies = new Set<string>();
    const tokens = ['A'.repeat(32), 'not a token', 'A'.repeat(31), 'A'.repeat(33), 'A'.repeat(2000), '..%2F..'];
    for (const token of tokens) {
      for (const url of [`/v1/feeds/${token}.atom`, `/v1/feeds/${token}/files/00000000-0000-4000-8000-000000000000`]) {
        const response = await get(url, undefined, { remoteAddress: client });
        expect(response.statusCode, url).toBe(404);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Not found', code: 'not-found' })]);
    const guesser = demo.freshClient();
    for (let guess = 0; guess < 20; guess++) {
      await get(`/v1/feeds/${String(guess).padStart(32, 'G')}.atom`, undefined, { remoteAddress: guesser });
    }
    const braked = await get(await feedAddress(DEMO.CS), undefined, { remoteAddress: guesser });
    expect(braked.statusCode).toBe(429);
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("leads each entry to a file answer with a fresh link; another ID's file through the token is 404", async () => {
    const csAddress = await feedAddress(DEMO.CS);
    const token = csAddress.slice('/v1/feeds/'.length, -'.atom'.length);
    const feed = parseAtom((await get(csAddress)).body);
    const installer = feed.entry!.find((entry) => text(entry.title) === 'Cornerstone 2.10.0 offline installer')!;
    const link = new URL(installer.link[0]!['@href']);
    expect(link.pathname).toBe('/feed-file');
    expect(link.searchParams.get('token')).toBe(token);
    expect(link.searchParams.get('file')).toBe(fileIdOf(installer));

    const answer = await get(`/v1/feeds/${token}/files/${fileIdOf(installer)}`);
    expect(answer.statusCode).toBe(200);
    const file = answer.json() as { uri: string; file: { sha256: string }; releaseNotes: unknown };
    expect(file.uri).toMatch(/^\/v1\/files\/.+signature=/);
    expect(file.releaseNotes).not.toBeNull();
    const download = await get(file.uri);
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(file.file.sha256);

    const keyFeed = parseAtom((await get(await feedAddress(DEMO.KEY))).body);
    const chromatofFile = fileIdOf(keyFeed.entry!.find((entry) => text(entry.title) === 'ChromaTOF 6.1.0 Installer')!);
    expect((await get(`/v1/feeds/${token}/files/${chromatofFile}`)).statusCode).toBe(404);
  });

  it('keeps entry IDs across fetches and a re-import, and puts a newly published PIB first', async () => {
    const address = await feedAddress(DEMO.CS);
    const before = parseAtom((await get(address)).body);
    const second = parseAtom((await get(address)).body);
    expect(second.entry!.map((entry) => entry.id)).toEqual(before.entry!.map((entry) => entry.id));

    const options = {
      db: demo.portal.database.db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    };
    await importFolder(DEMO_CATALOGUE_DIR, options);
    const reimported = parseAtom((await get(address)).body);
    expect(reimported.entry!.map((entry) => entry.id)).toEqual(before.entry!.map((entry) => entry.id));

    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-feed-'));
    try {
      const pib = path.join(folder, 'Cornerstone-2.10.0-p99-PIB.pdf');
      await cp(path.join(DEMO_CATALOGUE_DIR, 'pibs/Cornerstone-2.10.0-std-PIB.pdf'), pib);
      await writeFile(pib, `${await readFile(pib, 'latin1')}\n% feeds test`, 'latin1');
      await writeFile(
        path.join(folder, 'catalogue.json'),
        JSON.stringify(
          onePibManifest({ internalVariant: 'p99', variant: 'Feeds test', path: 'Cornerstone-2.10.0-p99-PIB.pdf' }),
        ),
      );
      await importFolder(folder, options);
      await expect
        .poll(async () => text(parseAtom((await get(address)).body).entry![0]!.title), { timeout: 5000 })
        .toBe('Cornerstone 2.10.0 PIB (Feeds test)');
      const after = parseAtom((await get(address)).body);
      expect(after.entry!.slice(1, 20).map((entry) => entry.id)).toEqual(
        before.entry!.slice(0, 19).map((entry) => entry.id),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('lets staff issue a new address; the old one answers 410, and the act is in the audit log', async () => {
    const old = await feedAddress(DEMO.DEMO);
    const oldToken = old.slice('/v1/feeds/'.length, -'.atom'.length);
    expect((await get(old)).statusCode).toBe(200);
    const reissue = (authorization?: string, body: object = { scheme: 'hasp', id: 'demo-demo-1004' }) =>
      demo.portal.app.inject({
        method: 'POST',
        url: '/v1/feeds/reissue',
        headers: authorization ? { authorization } : {},
        payload: body,
      });
    expect((await reissue()).statusCode).toBe(401);
    expect((await reissue(demo.staff, { scheme: 'hasp', id: 'NO-SUCH-1' })).statusCode).toBe(404);
    expect((await reissue(demo.staff, { scheme: 'rainbow', id: 'DEMO-DEMO-1004' })).statusCode).toBe(404);
    const answer = await reissue(demo.staff);
    expect(answer.statusCode).toBe(200);
    const fresh = (answer.json() as { feed: string }).feed;
    expect(fresh).not.toBe(old);
    expect(await feedAddress(DEMO.DEMO)).toBe(fresh);
    expect((await get(fresh)).statusCode).toBe(200);

    const gone = await get(old);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: FEED_REVOKED, code: 'feed-replaced' });
    expect((await get(`/v1/feeds/${oldToken}/files/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(410);

    const audit = await get('/v1/audit', demo.staff);
    expect(audit.statusCode).toBe(200);
    type Row = { action: string; outcome: string; actorEmail: string; registrationDigest: string | null };
    const row = (audit.json() as { entries: Row[] }).entries.find(
      (entry) => entry.action === AUDIT_ACTIONS.feedReissue,
    );
    expect(row).toMatchObject({ outcome: 'reissued', actorEmail: 'staff@example.com' });
    expect(row!.registrationDigest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts answered fetches per day for the Usage screen, and nothing of the client', async () => {
    const usage = async () => {
      const response = await get('/v1/usage?days=7', demo.staff);
      expect(response.statusCode).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const rows = (response.json() as { feedFetches: { day: string; private: number; firmware: number }[] })
        .feedFetches;
      return rows.find((row) => row.day === today) ?? { day: today, private: 0, firmware: 0 };
    };
    const before = await usage();
    const address = await feedAddress(DEMO.CS);
    const etag = String((await get(address)).headers.etag);
    await get(address, undefined, { headers: { 'if-none-match': etag } });
    await get('/v1/feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.atom');
    await get('/v1/firmware/px/feed.atom');
    const after = await usage();
    expect(after.private - before.private).toBe(2);
    expect(after.firmware - before.firmware).toBe(1);
    const { rows } = await demo.portal.database.pool.query<Record<string, unknown>>('SELECT * FROM feed_fetches_daily');
    expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'feed', 'fetches']);
  });
});
