import {
  fileWithdrawnMessage,
  keyIdDownloadsAuthorization,
  PUBLISHING_PATHS,
  type FirmwareMetadata,
  type LatestVersions,
  type PublishedFileAnswer,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { parseAtom, text, type AtomEntryXml, type AtomFeedXml } from '../../../test/atom';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';

/**
 * A withdrawal is news for whoever follows a feed that listed the file: an entry of its own
 * saying so, never a download (docs/decisions/180-withdrawals-in-the-feeds.md).
 */

const demo = useDemoPortal({ env: { MAKER_NAME: 'Acme Instruments' } });
const { get } = demo;

const fileUrl = (path: string, fileId: string) => path.replace(':fileId', fileId);
const act = async (path: string, fileId: string, publisher: string, payload: Record<string, unknown>) => {
  const response = await demo.portal.app.inject({
    method: 'POST',
    url: fileUrl(path, fileId),
    headers: { authorization: publisher },
    payload,
    remoteAddress: demo.freshClient(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<PublishedFileAnswer>().file;
};
const withdraw = (fileId: string, publisher: string, reason: string) =>
  act(PUBLISHING_PATHS.withdrawal, fileId, publisher, { reason });
const restore = (fileId: string, publisher: string) => act(PUBLISHING_PATHS.restoration, fileId, publisher, {});

async function feedAddress(authorization: string): Promise<string> {
  const response = await get('/v1/feeds/current', authorization);
  expect(response.statusCode).toBe(200);
  return (response.json() as { feed: string }).feed;
}

const fetchFeed = async (address: string): Promise<AtomFeedXml> => {
  const response = await get(address);
  expect(response.statusCode).toBe(200);
  return parseAtom(response.body);
};
const ids = (feed: AtomFeedXml) => (feed.entry ?? []).map((entry) => entry.id);
const fileIdOf = (entry: AtomEntryXml) => entry.id.slice('urn:uuid:'.length);
const withdrawalId = (fileId: string, number: number) =>
  `tag:${demo.portal.app.config.publicUrl.hostname},2026:files:${fileId}:withdrawn:${number}`;

describe('a withdrawn file in a private feed', () => {
  it('becomes an entry of its own saying it was withdrawn, dated by the withdrawal; a restoration brings the file back', async () => {
    const publisher = await demo.signIn('publisher-feeds@example.com', ['publisher']);
    const address = await feedAddress(DEMO.CS);
    const token = address.slice('/v1/feeds/'.length, -'.atom'.length);
    const etag = String((await get(address)).headers.etag);
    const before = await fetchFeed(address);
    const dsv = before.entry!.find(
      (entry) => text(entry.title) === 'Cornerstone 2.8.1 Declaration of Software Validation',
    )!;
    const fileId = fileIdOf(dsv);
    expect(new URL(withdrawalId(fileId, 1)).protocol).toBe('tag:');

    const withdrawn = await withdraw(fileId, publisher, 'Ticket 4711: wrong signature page');
    // A reader asking whether anything changed is told that it did.
    expect((await get(address, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    const afterWithdrawal = await fetchFeed(address);
    expect(ids(afterWithdrawal)).not.toContain(dsv.id);
    const [first] = afterWithdrawal.entry!;
    expect(first!.id).toBe(withdrawalId(fileId, 1));
    expect(text(first!.title)).toBe('Cornerstone 2.8.1 Declaration of Software Validation withdrawn');
    expect(Date.parse(first!.updated)).toBe(Date.parse(withdrawn.withdrawn!.at));
    expect(Date.parse(afterWithdrawal.updated)).toBe(Date.parse(withdrawn.withdrawn!.at));
    const content = text(first!.content);
    expect(content).toContain('This file has been withdrawn by Acme Instruments.');
    for (const fact of ['Cornerstone', '2.8.1', 'DSV-Cornerstone-2.8.1.pdf', withdrawn.withdrawn!.at]) {
      expect(content).toContain(fact);
    }
    // Written for staff, not for customers; and never a way to the file.
    expect(content).not.toContain('4711');
    expect(first!.link[0]!['@href']).not.toMatch(/feed-file|\/v1\/files\//);
    // The file's older entry, in a reader's keeping, leads to a page that says it was withdrawn.
    const page = await get(`/v1/feeds/${token}/files/${fileId}`);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect(ids(await fetchFeed(address))).toEqual(ids(afterWithdrawal));

    await restore(fileId, publisher);
    const afterRestoration = await fetchFeed(address);
    expect(ids(afterRestoration)).not.toContain(withdrawalId(fileId, 1));
    expect(afterRestoration.entry![0]!.id).toBe(dsv.id);
    expect(Date.parse(afterRestoration.entry![0]!.updated)).toBeGreaterThanOrEqual(Date.parse(withdrawn.withdrawn!.at));
    expect(Date.parse(afterRestoration.entry![0]!.updated)).toBeGreaterThan(Date.parse(dsv.updated));
    expect(ids(afterRestoration).sort()).toEqual(ids(before).sort());
    expect((await get(`/v1/feeds/${token}/files/${fileId}`)).statusCode).toBe(200);

    // A second withdrawal is news again: an entry ID never seen before.
    await withdraw(fileId, publisher, 'Again');
    expect((await fetchFeed(address)).entry![0]!.id).toBe(withdrawalId(fileId, 2));
    await restore(fileId, publisher);
  });

  it("shows a ChromaTOF key's withdrawn download, and hides a release whose every file is withdrawn", async () => {
    const publisher = await demo.signIn('publisher-chromatof@example.com', ['publisher']);
    const key = keyIdDownloadsAuthorization('DEMO-KEY-2001');
    const latest = async () =>
      (await get('/v1/chromatof/latestversions', demo.staff))
        .json<LatestVersions>()
        .rows.find((row) => row[0] === 'ChromaTOF')![2];
    expect(await latest()).toBe('6.1.0');
    const address = await feedAddress(DEMO.KEY);
    const release = (await fetchFeed(address)).entry!.filter((entry) =>
      text(entry.title).startsWith('ChromaTOF 6.1.0 '),
    );
    expect(release.length).toBeGreaterThan(0);
    for (const entry of release) await withdraw(fileIdOf(entry), publisher, 'Recalled');

    const feed = await fetchFeed(address);
    for (const entry of release) {
      expect(ids(feed)).not.toContain(entry.id);
      expect(ids(feed)).toContain(withdrawalId(fileIdOf(entry), 1));
    }
    expect(await latest()).toBe('6.0.2');
    const downloads = await get('/v1/chromatof/downloads/ChromaTOF', key, { remoteAddress: demo.freshClient() });
    expect(downloads.statusCode).toBe(200);
    expect(downloads.body).not.toContain('6.1.0');

    for (const entry of release) await restore(fileIdOf(entry), publisher);
    expect(await latest()).toBe('6.1.0');
    const restored = await fetchFeed(address);
    for (const entry of release) expect(ids(restored)).toContain(entry.id);
  });
});

describe('a withdrawn firmware release', () => {
  it('is an entry saying so in its public feed, and its update.zip answers 410; a restoration brings it back', async () => {
    const publisher = await demo.signIn('publisher-firmware-feed@example.com', ['publisher']);
    const version = (JSON.parse((await get('/firmware/metadata.json')).body) as FirmwareMetadata).latestVersions.MX!;
    const before = await fetchFeed('/v1/firmware/mx/feed.atom');
    // SPEC §5's name and the version as written: 'MX firmware v002 (001.005.002)'.
    expect(version).toMatch(/^\d{3}\.\d{3}\.\d{3}$/);
    const name = `MX firmware v${version.slice(-3)} (${version})`;
    const entry = before.entry!.find((candidate) => text(candidate.title) === name)!;
    expect(entry).toBeDefined();
    const fileId = fileIdOf(entry);

    const withdrawn = await withdraw(fileId, publisher, 'Bricks some instruments');
    const feed = await fetchFeed('/v1/firmware/mx/feed.atom');
    expect(ids(feed)).not.toContain(entry.id);
    const notice = feed.entry!.find((candidate) => candidate.id === withdrawalId(fileId, 1))!;
    expect(text(notice.title)).toBe(`${name} withdrawn`);
    expect(Date.parse(notice.updated)).toBe(Date.parse(withdrawn.withdrawn!.at));
    expect(Date.parse(feed.updated)).toBe(Date.parse(withdrawn.withdrawn!.at));
    expect(text(notice.content)).toContain('This file has been withdrawn by Acme Instruments.');
    expect(text(notice.content)).not.toContain('update.zip</dd><dt>Download');
    expect(text(notice.content)).not.toMatch(/\/firmware\/[^<]*\/update\.zip/);
    expect(text(notice.content)).not.toContain('Bricks');

    const zip = await get(`/firmware/${version}/update.zip`);
    expect(zip.statusCode).toBe(410);
    expect(zip.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect((await get('/firmware/009.009.009/update.zip')).statusCode).toBe(404);

    await restore(fileId, publisher);
    const restored = await fetchFeed('/v1/firmware/mx/feed.atom');
    expect(ids(restored)).toEqual(ids(before));
    expect(Date.parse(restored.entry![0]!.updated)).toBeGreaterThanOrEqual(Date.parse(withdrawn.withdrawn!.at));
    expect((await get(`/firmware/${version}/update.zip`)).statusCode).toBe(200);
  });
});
