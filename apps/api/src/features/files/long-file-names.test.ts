import { FILE_NAME_MAX_CHARS, type Versions } from '@portal/contracts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFolder, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();

async function publishInstaller(name: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-long-name-'));
  await writeFile(path.join(folder, 'installer.zip'), `bytes of ${name}`);
  await writeFile(
    path.join(folder, 'catalogue.json'),
    JSON.stringify({
      families: ['CS'],
      versions: [{ name: '7.0.0', families: ['CS'], offlineInstaller: { path: 'installer.zip', name } }],
      registrations: [],
      pibs: [],
      dsvs: [],
    }),
  );
  try {
    await importFolder(folder, {
      db: demo.portal.database.db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('file names as long as the manifest allows', () => {
  it(`downloads a file whose name has ${FILE_NAME_MAX_CHARS} characters, four-byte ones included`, async () => {
    const name = `${'é'.repeat(100)}${'𝄞'.repeat(100)}${'x'.repeat(FILE_NAME_MAX_CHARS - 204)}.zip`;
    expect([...name]).toHaveLength(FILE_NAME_MAX_CHARS);
    await publishInstaller(name);
    const versions = (await demo.get('/v1/Cornerstone/versions', demo.staff)).json<Versions>();
    const response = await demo.get(versions['7.0.0']!.offlineInstaller!);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`bytes of ${name}`);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(name).slice(0, 60));
  });

  it('refuses a longer name when publishing, and publishes nothing', async () => {
    await expect(publishInstaller('n'.repeat(FILE_NAME_MAX_CHARS + 1))).rejects.toThrow(/name/);
  });
});
