import type { Versions } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importFolder } from '../../../test/demo-portal';

const SIZE_BYTES = 24 << 20;

let portal: TestApp;
let dataDir: string;
let origin: string;
let content: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-network-'));
  const folder = path.join(dataDir, 'publish');
  content = randomBytes(SIZE_BYTES);
  await rm(folder, { recursive: true, force: true });
  await import('node:fs/promises').then(({ mkdir }) => mkdir(folder));
  await writeFile(path.join(folder, 'large.bin'), content);
  await writeFile(
    path.join(folder, 'catalogue.json'),
    JSON.stringify({
      families: ['CS'],
      versions: [{ name: '1.0.0', families: ['CS'], offlineInstaller: { path: 'large.bin' } }],
      registrations: [{ registrationId: 'NET-0001', family: 'CS' }],
      pibs: [],
      dsvs: [],
    }),
  );
  portal = await createTestApp({ env: { DATA_DIR: dataDir } });
  await importFolder(folder, {
    db: portal.database.db,
    secretKey: portal.app.secretKey,
    blobStore: portal.app.blobStore,
  });
  origin = await portal.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // fetch keeps connections alive; they are not what this file tests.
  portal.app.server.closeAllConnections();
  await portal.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function installerUrl() {
  const response = await fetch(`${origin}/v1/Cornerstone/versions`, { headers: { authorization: 'Hasp id=NET-0001' } });
  return `${origin}${((await response.json()) as Versions)['1.0.0']!.offlineInstaller}`;
}

describe('file delivery over a real connection', () => {
  it('sends a large file whole, and a resumed download joins up byte for byte', async () => {
    const url = await installerUrl();
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.equals(content)).toBe(true);

    const half = SIZE_BYTES / 2 + 12_345;
    const first = await fetch(url, { headers: { range: `bytes=0-${half - 1}` } });
    const etag = first.headers.get('etag')!;
    const rest = await fetch(url, { headers: { range: `bytes=${half}-`, 'if-range': etag } });
    expect(rest.status).toBe(206);
    const joined = Buffer.concat([Buffer.from(await first.arrayBuffer()), Buffer.from(await rest.arrayBuffer())]);
    expect(joined.equals(content)).toBe(true);
  });

  it('records how much a client that went away midway was sent, and keeps serving', async () => {
    const url = await installerUrl();
    // Records are written in batches, so the earlier test's may still be on their way; only
    // a download cut short has fewer bytes than the file.
    const cutShort = async () =>
      (
        await portal.database.pool.query<{ bytes_sent: string }>(
          `SELECT bytes_sent FROM downloads WHERE bytes_sent < $1 ORDER BY id`,
          [SIZE_BYTES],
        )
      ).rows;
    expect(await cutShort()).toEqual([]);
    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();

    await expect.poll(async () => (await cutShort()).length, { timeout: 10_000 }).toBe(1);
    const sent = Number((await cutShort())[0]!.bytes_sent);
    expect(sent).toBeGreaterThan(0);

    const again = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(Buffer.from(await again.arrayBuffer()).equals(content.subarray(0, 10))).toBe(true);
  });
});
