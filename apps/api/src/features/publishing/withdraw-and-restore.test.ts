import {
  AUDIT_ACTIONS,
  FILE_ALREADY_WITHDRAWN_MESSAGE,
  FILE_NOT_WITHDRAWN_MESSAGE,
  NO_CATALOGUE_CHANGE_MESSAGE,
  fileWithdrawnMessage,
  PUBLISHING_PATHS,
  roleRequiredMessage,
  type CatalogueChangeDetail,
  type CatalogueChangeList,
  type DsvMap,
  type FirmwareMetadata,
  type Pib,
  type PublishedFileAnswer,
  type PublishedFilePage,
  type Versions,
} from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_STAFF_EMAIL, useDemoPortal } from '../../../test/demo-portal';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { blobStoreFor } from '../../plugins/blob-store';
import { usePublishFolder } from '../../../test/publish-folder';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal({ env: { MAKER_NAME: 'Acme Instruments' } });

const post = (url: string, authorization: string | undefined, payload: Record<string, unknown>) =>
  demo.portal.app.inject({
    method: 'POST',
    url,
    headers: authorization ? { authorization } : {},
    payload,
    remoteAddress: demo.freshClient(),
  });
const fileUrl = (path: string, fileId: string) => path.replace(':fileId', fileId);

async function auditRows(action: string) {
  const { rows } = await demo.portal.database.pool.query<{ actor_email: string; detail: string }>(
    'SELECT actor_email, detail FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows.map((row) => ({ actor: row.actor_email, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

async function history(authorization: string) {
  return (await demo.get(PUBLISHING_PATHS.changes, authorization)).json<CatalogueChangeList>().changes;
}

async function dsvFileId(publisher: string, name: string) {
  const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
  return files.find((file) => file.name === name)!;
}

describe('the publishing pipeline: one change set, recorded, from either door', () => {
  it('records the import of the command line in the history (actor cli) and in the audit log', async () => {
    const publisher = await demo.signIn('publisher-history@example.com', ['publisher']);
    const [imported] = await history(publisher);
    expect(imported).toMatchObject({ actor: 'cli', door: 'cli', digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(imported!.summary.versions).toMatchObject({ added: expect.any(Number), withdrawn: 0 });
    expect(imported!.summary.dsvs).toEqual({ added: 4, changed: 0, withdrawn: 0, restored: 0 });

    const detail = (
      await demo.get(PUBLISHING_PATHS.change.replace(':changeId', String(imported!.id)), publisher)
    ).json<CatalogueChangeDetail>();
    expect(detail.diff).toContainEqual(
      expect.objectContaining({ section: 'dsvs', key: 'CS-DSV-281', outcome: 'added' }),
    );
    // Credentials never reach the history: the registrations are counted, never listed.
    expect(JSON.stringify(detail)).not.toMatch(/DEMO-CS-1001/);
    expect(detail.diff.some((entry) => entry.section === 'registrations')).toBe(false);

    const [audit] = await auditRows(AUDIT_ACTIONS.cataloguePublish);
    expect(audit).toMatchObject({
      actor: 'cli',
      detail: { change: imported!.id, door: 'cli', digest: imported!.digest },
    });
  });

  it('withdraws a file: gone from the lookup, its old link says so, recorded; a second withdrawal is refused; restore brings it back', async () => {
    const publisher = await demo.signIn('publisher-withdraw@example.com', ['publisher']);
    const before = (await demo.get('/v1/Cornerstone/dsv', DEMO.CS)).json<DsvMap>();
    const link = before['CS-DSV-281']!.uri;
    const file = await dsvFileId(publisher, 'DSV-Cornerstone-2.8.1.pdf');
    expect(file.uses).toEqual([{ section: 'dsvs', key: 'CS-DSV-281' }]);

    const withdrawn = await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), publisher, { reason: 'Superseded' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<PublishedFileAnswer>().file.withdrawn).toMatchObject({
      by: 'publisher-withdraw@example.com',
      reason: 'Superseded',
    });

    const after = (await demo.get('/v1/Cornerstone/dsv', DEMO.CS)).json<DsvMap>();
    expect(Object.keys(after)).not.toContain('CS-DSV-281');
    expect(Object.keys(after)).toContain('CS-DSV-270');

    const program = await demo.get(link);
    expect(program.statusCode).toBe(410);
    expect(program.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect(fileWithdrawnMessage('Acme Instruments')).toBe('This file has been withdrawn by Acme Instruments.');
    const person = await demo.get(link, undefined, { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(person.statusCode).toBe(303);
    expect(person.headers.location).toMatch(/^\/download-link\?problem=withdrawn&file=DSV-Cornerstone-2\.8\.1\.pdf$/);

    const [change] = await history(publisher);
    expect(change).toMatchObject({ actor: 'publisher-withdraw@example.com', door: 'browser', reason: 'Superseded' });
    expect(change!.summary).toEqual({
      dsvs: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
      files: { added: 0, changed: 0, withdrawn: 1, restored: 0 },
    });
    const audits = await auditRows(AUDIT_ACTIONS.catalogueWithdraw);
    expect(audits.at(-1)).toMatchObject({
      actor: 'publisher-withdraw@example.com',
      detail: { change: change!.id, digest: change!.digest, counts: change!.summary, reason: 'Superseded' },
    });

    const again = await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), publisher, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: FILE_ALREADY_WITHDRAWN_MESSAGE });
    expect((await history(publisher))[0]!.id).toBe(change!.id);
    expect((await dsvFileId(publisher, 'DSV-Cornerstone-2.8.1.pdf')).withdrawn?.reason).toBe('Superseded');

    const restored = await post(fileUrl(PUBLISHING_PATHS.restoration, file.id), publisher, {});
    expect(restored.statusCode).toBe(200);
    expect(Object.keys((await demo.get('/v1/Cornerstone/dsv', DEMO.CS)).json<DsvMap>())).toContain('CS-DSV-281');
    expect((await demo.get(link)).statusCode).toBe(200);
    expect((await history(publisher))[0]!.summary.dsvs).toEqual({ added: 0, changed: 0, withdrawn: 0, restored: 1 });
    expect((await auditRows(AUDIT_ACTIONS.catalogueRestore)).length).toBeGreaterThan(0);
  });

  it('refuses a withdrawal by someone without the publisher role, and changes nothing', async () => {
    const publisher = await demo.signIn('publisher-refusal@example.com', ['publisher']);
    const service = await demo.signIn('service-only@example.com', ['service']);
    const file = await dsvFileId(publisher, 'DSV-Cornerstone-2.7.0.pdf');
    const changes = (await history(publisher)).length;
    const refused = await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), service, { reason: 'Not mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: roleRequiredMessage('publisher') });
    expect((await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), undefined, { reason: 'x' })).statusCode).toBe(
      401,
    );
    expect((await history(publisher)).length).toBe(changes);
    expect(Object.keys((await demo.get('/v1/Cornerstone/dsv', DEMO.CS)).json<DsvMap>())).toContain('CS-DSV-270');
  });

  it('withdraws an offline installer and a PIB from their lookups too, and restores them', async () => {
    const publisher = await demo.signIn('publisher-kinds@example.com', ['publisher']);
    const installer = await dsvFileId(publisher, 'Cornerstone-2.8.1-Offline.zip');
    const pib = await dsvFileId(publisher, 'Cornerstone-2.8.1-std-PIB.pdf');
    const look = async () => ({
      installer: (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>()['2.8.1']!.offlineInstaller,
      pibs: (await demo.get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>().map((one) => one.version),
    });
    const before = await look();
    expect(before.installer).toEqual(expect.any(String));
    expect(before.pibs).toContain('2.8.1');
    for (const file of [installer, pib]) {
      expect(
        (await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), publisher, { reason: 'Recalled' })).statusCode,
      ).toBe(200);
    }
    const after = await look();
    // The version stays, without its installer; the PIB leaves the list.
    expect(after.installer).toBeFalsy();
    expect(after.pibs).not.toContain('2.8.1');
    expect((await demo.get(before.installer!)).statusCode).toBe(410);
    const [change] = await history(publisher);
    expect(change!.summary.pibs).toEqual({ added: 0, changed: 0, withdrawn: 1, restored: 0 });
    for (const file of [installer, pib]) {
      expect((await post(fileUrl(PUBLISHING_PATHS.restoration, file.id), publisher, {})).statusCode).toBe(200);
    }
    expect((await look()).pibs).toContain('2.8.1');
    expect((await demo.get(before.installer!)).statusCode).toBe(200);
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const publisher = await demo.signIn('publisher-bad-input@example.com', ['publisher']);
    const file = await dsvFileId(publisher, 'DSV-Cornerstone-2.10.0.pdf');
    const changes = (await history(publisher)).length;
    const cases = [
      { url: fileUrl(PUBLISHING_PATHS.withdrawal, 'not-an-id'), payload: { reason: 'x' }, status: 400 },
      { url: fileUrl(PUBLISHING_PATHS.withdrawal, file.id), payload: {}, status: 400 },
      { url: fileUrl(PUBLISHING_PATHS.withdrawal, file.id), payload: { reason: '   ' }, status: 400 },
      { url: fileUrl(PUBLISHING_PATHS.withdrawal, file.id), payload: { reason: 'x'.repeat(501) }, status: 400 },
      { url: fileUrl(PUBLISHING_PATHS.withdrawal, file.id), payload: { reason: 'x', extra: 1 }, status: 400 },
      {
        url: fileUrl(PUBLISHING_PATHS.withdrawal, '00000000-0000-4000-8000-000000000000'),
        payload: { reason: 'x' },
        status: 404,
      },
      { url: fileUrl(PUBLISHING_PATHS.restoration, file.id), payload: {}, status: 409 },
    ];
    for (const { url, payload, status } of cases) {
      const response = await post(url, publisher, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await post(fileUrl(PUBLISHING_PATHS.restoration, file.id), publisher, {})).json()).toEqual({
      message: FILE_NOT_WITHDRAWN_MESSAGE,
    });
    for (const path of [PUBLISHING_PATHS.change.replace(':changeId', '0'), `${PUBLISHING_PATHS.changes}?before=x`]) {
      expect((await demo.get(path, publisher)).statusCode).toBe(400);
    }
    expect((await demo.get(PUBLISHING_PATHS.change.replace(':changeId', '999999'), publisher)).json()).toEqual({
      message: NO_CATALOGUE_CHANGE_MESSAGE,
    });
    expect((await history(publisher)).length).toBe(changes);
    expect((await dsvFileId(publisher, 'DSV-Cornerstone-2.10.0.pdf')).withdrawn).toBeNull();
  });

  it('withdraws firmware: new signed metadata, in which the withdrawn release is never the latest', async () => {
    const publisher = await demo.signIn('publisher-firmware@example.com', ['publisher']);
    const metadata = async () => JSON.parse((await demo.get('/firmware/metadata.json')).body) as FirmwareMetadata;
    const first = await metadata();
    const latestMx = first.latestVersions.MX!;
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const update = files.find((file) => file.uses.some((use) => use.section === 'firmware' && use.key === latestMx))!;
    expect(
      (await post(fileUrl(PUBLISHING_PATHS.withdrawal, update.id), publisher, { reason: 'Bricks' })).statusCode,
    ).toBe(200);
    const second = await metadata();
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(second.latestVersions.MX).not.toBe(latestMx);
    const zip = await demo.get(`/firmware/${latestMx}/update.zip`);
    expect(zip.statusCode).toBe(410);
    expect(zip.json()).toEqual({ message: fileWithdrawnMessage('Acme Instruments'), code: 'file-withdrawn' });
    expect((await post(fileUrl(PUBLISHING_PATHS.restoration, update.id), publisher, {})).statusCode).toBe(200);
    expect((await metadata()).latestVersions.MX).toBe(latestMx);
  });
});

describe('a withdrawal reaches every portal on the same database', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('on its next request: the other portal had the catalogue cached', async () => {
    // A second portal process's app: its own catalogue cache and LISTEN connection, the same database and key.
    const config = loadConfig({
      DATA_DIR: demo.dataDir,
      ADMIN_EMAILS: DEMO_STAFF_EMAIL,
      MAKER_NAME: 'Acme Instruments',
    });
    const blobStore = await blobStoreFor(config);
    const { database } = demo.portal;
    const other = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      secretKey: demo.portal.app.secretKey,
      blobStore,
    });
    other.log.level = 'silent';
    closing.push(async () => {
      await other.close();
      blobStore.close?.();
    });
    const lookup = async () =>
      Object.keys(
        (
          await other.inject({ method: 'GET', url: '/v1/Cornerstone/dsv', headers: { authorization: DEMO.CS } })
        ).json<DsvMap>(),
      );
    expect(await lookup()).toContain('CS-DSV-2100');

    const publisher = await demo.signIn('publisher-two-portals@example.com', ['publisher']);
    const file = await dsvFileId(publisher, 'DSV-Cornerstone-2.10.0.pdf');
    expect(
      (await post(fileUrl(PUBLISHING_PATHS.withdrawal, file.id), publisher, { reason: 'Two portals' })).statusCode,
    ).toBe(200);
    await expect.poll(lookup, { timeout: 2_000, interval: 20 }).not.toContain('CS-DSV-2100');
    expect((await post(fileUrl(PUBLISHING_PATHS.restoration, file.id), publisher, {})).statusCode).toBe(200);
    await expect.poll(lookup, { timeout: 2_000, interval: 20 }).toContain('CS-DSV-2100');
  });
});

describe('withdrawal in the manifest (the command line stays complete)', () => {
  const kit = usePublishFolder();

  type Manifest = { dsvs: { key: string; file: Record<string, unknown> }[] };
  const dsv = (manifest: Manifest) => manifest.dsvs.find((entry) => entry.key === 'CS-DSV-270')!.file;

  it('withdraws with "withdrawn": true and a reason, restores with false, and refuses a withdrawal without a reason', async () => {
    await kit.run();
    await kit.editManifest<Manifest>((manifest) => Object.assign(dsv(manifest), { withdrawn: true }));
    await expect(kit.run()).rejects.toThrow(/"withdrawn": true needs a "withdrawnReason"/);

    await kit.editManifest<Manifest>((manifest) => Object.assign(dsv(manifest), { withdrawnReason: 'Superseded' }));
    const summary = await kit.run();
    expect(summary.change.digest).toMatch(/^[0-9a-f]{64}$/);
    const lookup = async () =>
      Object.keys(
        (
          await kit.portal.app.inject({
            method: 'GET',
            url: '/v1/Cornerstone/dsv',
            headers: { authorization: DEMO.CS },
          })
        ).json<DsvMap>(),
      );
    kit.portal.app.catalogue.invalidate();
    expect(await lookup()).not.toContain('CS-DSV-270');
    const { rows } = await kit.portal.database.pool.query<{ actor: string; summary: Record<string, unknown> }>(
      'SELECT actor, summary FROM catalogue_changes ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]).toMatchObject({ actor: 'cli', summary: { dsvs: { withdrawn: 1 } } });

    // The same folder again changes nothing.
    await kit.run();
    const { rows: again } = await kit.portal.database.pool.query<{ summary: Record<string, { withdrawn: number }> }>(
      'SELECT summary FROM catalogue_changes ORDER BY id DESC LIMIT 1',
    );
    expect(again[0]!.summary.dsvs?.withdrawn ?? 0).toBe(0);

    await kit.editManifest<Manifest>((manifest) => {
      Object.assign(dsv(manifest), { withdrawn: false });
      delete dsv(manifest).withdrawnReason;
    });
    await kit.run();
    kit.portal.app.catalogue.invalidate();
    expect(await lookup()).toContain('CS-DSV-270');
  });
});
