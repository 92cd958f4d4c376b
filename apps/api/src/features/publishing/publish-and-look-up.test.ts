import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { importFolder } from './publishing';

const demo = useDemoPortal();
const { get } = demo;

describe('publishing', () => {
  it('shows a new import on the next lookup', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-'));
    await cp(path.join(DEMO_CATALOGUE_DIR, 'installers/Cornerstone-2.10.0-Offline.zip'), path.join(folder, 'i.zip'));
    await writeFile(
      path.join(folder, 'catalogue.json'),
      JSON.stringify({
        families: ['CS'],
        versions: [{ name: '2.12.0', families: ['CS'], offlineInstaller: { path: 'i.zip' } }],
        registrations: [],
        pibs: [],
        dsvs: [],
      }),
    );
    expect(Object.keys((await get('/v1/Cornerstone/versions', DEMO.CS)).json())).not.toContain('2.12.0');
    await importFolder(folder, {
      db: demo.portal.database.db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    });
    await expect
      .poll(async () => Object.keys((await get('/v1/Cornerstone/versions', DEMO.CS)).json()), { timeout: 5000 })
      .toContain('2.12.0');
    await rm(folder, { recursive: true, force: true });
  });
});
