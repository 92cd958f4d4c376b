import {
  AUDIT_ACTIONS,
  CHROMATOF_PATHS,
  COMPONENTS_PATHS,
  FIRMWARE_PATHS,
  fileWithdrawnMessage,
  PUBLISHING_PATHS,
  type ComponentSearchResult,
  type FirmwareReleases,
  type HalLinks,
  type PublishedFile,
  type PublishedFilePage,
  type Versions,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal({ env: { MAKER_NAME: 'Acme Instruments' } });

const act = (path: string, file: PublishedFile, publisher: string, payload: Record<string, unknown>) =>
  demo.portal.app.inject({
    method: 'POST',
    url: path.replace(':fileId', file.id),
    headers: { authorization: publisher },
    payload,
    remoteAddress: demo.freshClient(),
  });
const withdraw = (file: PublishedFile, publisher: string, reason: string) =>
  act(PUBLISHING_PATHS.withdrawal, file, publisher, { reason });
const restore = (file: PublishedFile, publisher: string) => act(PUBLISHING_PATHS.restoration, file, publisher, {});

async function publishedFile(publisher: string, name: string): Promise<PublishedFile> {
  const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
  return files.find((file) => file.name === name)!;
}

const cornerstone = async (version: string) =>
  (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>()[version]!;

async function searchOpenssl() {
  const response = await demo.get(`${COMPONENTS_PATHS.search}?q=openssl`, demo.staff, {
    remoteAddress: demo.freshClient(),
  });
  return response
    .json<ComponentSearchResult>()
    .matches.map((match) => `${match.release.label} ${match.release.withdrawn}`);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe("a release's SBOM follows its installer when it is withdrawn and restored", () => {
  it('withdraws the SBOM with the offline installer in one change, and restores it with it, the same bytes', async () => {
    const publisher = await demo.signIn('publisher-sbom@example.com', ['publisher']);
    const before = await cornerstone('2.10.0');
    const sbomLink = before.sbom!.uri;
    const original = await demo.get(sbomLink);
    expect(original.statusCode).toBe(200);
    const installer = await publishedFile(publisher, 'Cornerstone-2.10.0-Offline.zip');
    const sbom = await publishedFile(publisher, 'cornerstone-2.10.0.cdx.json');
    expect(sbom.uses).toEqual([{ section: 'sboms', key: 'cornerstone:2.10.0' }]);

    expect((await withdraw(installer, publisher, 'Recalled: signing certificate')).statusCode).toBe(200);

    // The SBOM's file is withdrawn too, with the installer's reason, and its link says so.
    expect((await publishedFile(publisher, 'cornerstone-2.10.0.cdx.json')).withdrawn).toMatchObject({
      by: 'publisher-sbom@example.com',
      reason: 'Recalled: signing certificate',
    });
    const gone = await demo.get(sbomLink);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect(await cornerstone('2.10.0')).toMatchObject({ offlineInstaller: null, sbom: null });
    // The component search still names the release, marked.
    expect(await searchOpenssl()).toContain('Cornerstone 2.10.0 true');
    // One change in the history counts both files; the audit row names the SBOM that followed.
    const [change] = (await demo.get(PUBLISHING_PATHS.changes, publisher)).json<{
      changes: { id: number; summary: Record<string, { withdrawn: number }> }[];
    }>().changes;
    expect(change!.summary.files!.withdrawn).toBe(2);
    expect(change!.summary.sboms!.withdrawn).toBe(1);
    const { rows } = await demo.portal.database.pool.query<{ detail: string }>(
      'SELECT detail FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [AUDIT_ACTIONS.catalogueWithdraw],
    );
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({ change: change!.id, file: installer.id, sboms: [sbom.id] });

    expect((await restore(installer, publisher)).statusCode).toBe(200);

    expect((await publishedFile(publisher, 'cornerstone-2.10.0.cdx.json')).withdrawn).toBeNull();
    const back = await demo.get(sbomLink);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(original.rawPayload)).toBe(true);
    const after = await cornerstone('2.10.0');
    expect(after.sbom).toMatchObject({ format: 'CycloneDX 1.6', componentCount: 4 });
    expect(after.sbom!.file.sha256).toBe(sha256(original.rawPayload));
    expect(after.sbom!.file.sha256).toBe(before.sbom!.file.sha256);
    expect(await searchOpenssl()).toContain('Cornerstone 2.10.0 false');
  });

  it('leaves an SBOM withdrawn on its own withdrawn when its installer is withdrawn and restored', async () => {
    const publisher = await demo.signIn('publisher-sbom-alone@example.com', ['publisher']);
    const sbomLink = (await cornerstone('2.8.1')).sbom!.uri;
    const installer = await publishedFile(publisher, 'Cornerstone-2.8.1-Offline.zip');
    const sbom = await publishedFile(publisher, 'cornerstone-2.8.1.cdx.json');
    expect((await withdraw(sbom, publisher, 'Lists the wrong zlib')).statusCode).toBe(200);
    expect((await cornerstone('2.8.1')).sbom).toBeNull();

    expect((await withdraw(installer, publisher, 'Recalled')).statusCode).toBe(200);
    expect((await restore(installer, publisher)).statusCode).toBe(200);

    expect((await cornerstone('2.8.1')).offlineInstaller).toEqual(expect.any(String));
    expect((await cornerstone('2.8.1')).sbom).toBeNull();
    expect((await publishedFile(publisher, 'cornerstone-2.8.1.cdx.json')).withdrawn?.reason).toBe(
      'Lists the wrong zlib',
    );
    expect((await demo.get(sbomLink)).statusCode).toBe(410);

    expect((await restore(sbom, publisher)).statusCode).toBe(200);
    expect((await demo.get(sbomLink)).statusCode).toBe(200);
  });

  it("withdraws a ChromaTOF release's SBOM with the release's last live file, and restores it with the first", async () => {
    const publisher = await demo.signIn('publisher-sbom-chromatof@example.com', ['publisher']);
    const authorization = 'Rainbow DEMO-KEY-2001';
    const offered = async () =>
      Object.keys(
        (await demo.get(`${CHROMATOF_PATHS.downloads}/ChromaTOF`, authorization)).json<HalLinks>()._links,
      ).filter((title) => title.startsWith('ChromaTOF 6.1.0'));
    const sbomTitle = 'ChromaTOF 6.1.0 Software bill of materials (CycloneDX 1.6, 4 components)';
    expect(await offered()).toContain(sbomTitle);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const releaseFiles = files.filter((file) =>
      file.uses.some((use) => use.section === 'chromatofFiles' && use.key.startsWith('ChromaTOF 6.1.0 ')),
    );
    expect(releaseFiles).toHaveLength(3);
    const [first, ...rest] = releaseFiles;
    for (const file of rest) expect((await withdraw(file, publisher, 'Replaced by 6.1.1')).statusCode).toBe(200);
    // One file of the release is still live: so is its SBOM.
    expect((await publishedFile(publisher, 'chromatof-6.1.0.cdx.json')).withdrawn).toBeNull();
    expect((await withdraw(first!, publisher, 'Replaced by 6.1.1')).statusCode).toBe(200);
    expect((await publishedFile(publisher, 'chromatof-6.1.0.cdx.json')).withdrawn?.reason).toBe('Replaced by 6.1.1');
    expect(await offered()).toEqual([]);
    expect(await searchOpenssl()).toContain('ChromaTOF 6.1.0 true');

    expect((await restore(rest[0]!, publisher)).statusCode).toBe(200);
    expect((await publishedFile(publisher, 'chromatof-6.1.0.cdx.json')).withdrawn).toBeNull();
    expect(await offered()).toContain(sbomTitle);
  });

  it("withdraws a firmware release's SBOM with its update.zip: its public path answers 410, and comes back with it", async () => {
    const publisher = await demo.signIn('publisher-sbom-firmware@example.com', ['publisher']);
    const sbomPath = '/firmware/002.002.010/sbom.cdx.json';
    const original = await demo.get(sbomPath);
    expect(original.statusCode).toBe(200);
    const listed = async () =>
      (await demo.get(FIRMWARE_PATHS.releases))
        .json<FirmwareReleases>()
        .releases.find((release) => release.version === '002.002.010');
    const update = (await demo.get(EVERY_PUBLISHED_FILE, publisher))
      .json<PublishedFilePage>()
      .files.find((file) => file.uses.some((use) => use.section === 'firmware' && use.key === '002.002.010'))!;

    expect((await withdraw(update, publisher, 'Freezes on PX400')).statusCode).toBe(200);
    expect(await listed()).toBeUndefined();
    const gone = await demo.get(sbomPath);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect((await publishedFile(publisher, 'px-firmware-002.002.010.cdx.json')).withdrawn?.reason).toBe(
      'Freezes on PX400',
    );

    expect((await restore(update, publisher)).statusCode).toBe(200);
    const back = await demo.get(sbomPath);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await listed())!.sbom!.file.sha256).toBe(sha256(original.rawPayload));
  });
});
