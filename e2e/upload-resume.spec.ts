import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PUBLISHING_PATHS, UPLOAD_METADATA_KEYS, type Draft } from '@portal/contracts';
import { startPortal } from '../test-kit/portal-process';
import { signInThroughOutbox } from '../test-kit/staff-session';
import { onePibManifest } from '../test-kit/manifests';

// The portal as a process, killed with -9 in the middle of an upload: no browser needed.
test.describe.configure({ mode: 'serial' });

const MiB = 1024 * 1024;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

test('kill -9 of the portal during an upload: after the restart the upload resumes from the offset it kept and completes with the right SHA-256', async () => {
  test.setTimeout(120_000);
  const env = { ADMIN_EMAILS: 'uploader@example.com' };
  const first = await startPortal({ env });
  const dataDir = first.dataDir;
  let second: Awaited<ReturnType<typeof startPortal>> | undefined;
  try {
    const { headers: auth } = await signInThroughOutbox({
      email: 'uploader@example.com',
      requestAt: first.url,
      dataDirs: dataDir,
    });
    const bytes = randomBytes(8 * MiB);
    const sha256 = sha256Of(bytes);
    const created = await fetch(`${first.url}${PUBLISHING_PATHS.drafts}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(
        onePibManifest({ internalVariant: 'killed', variant: 'Killed upload', path: sha256, name: 'Killed.pdf' }),
      ),
    });
    expect(created.status).toBe(201);
    const draftId = ((await created.json()) as Draft).draft.id;

    const creation = await fetch(`${first.url}${PUBLISHING_PATHS.uploads}`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': metadata({
          [UPLOAD_METADATA_KEYS.draftId]: draftId,
          [UPLOAD_METADATA_KEYS.sha256]: sha256,
          [UPLOAD_METADATA_KEYS.name]: 'Killed.pdf',
        }),
      },
    });
    expect(creation.status).toBe(201);
    const location = creation.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/publishing\/uploads\/[0-9a-f]{32}$/);

    // The first 2 MiB arrive whole; the rest is under way when the portal is killed.
    const firstPart = await fetch(`${first.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(0, 2 * MiB),
    });
    expect(firstPart.status).toBe(204);
    await new Promise<void>((resolve) => {
      const sending = httpRequest(`${first.url}${location}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-offset': String(2 * MiB),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length - 2 * MiB),
        },
      });
      sending.on('error', () => resolve());
      sending.write(bytes.subarray(2 * MiB, 4 * MiB), () => {
        setTimeout(() => {
          first.child.kill('SIGKILL');
          resolve();
        }, 500);
      });
    });
    await first.exited;

    second = await startPortal({ dataDir, env });
    const status = await fetch(`${second.url}${location}`, {
      method: 'HEAD',
      headers: { ...auth, 'tus-resumable': '1.0.0' },
    });
    expect(status.status).toBe(200);
    expect(status.headers.get('upload-length')).toBe(String(bytes.length));
    const offset = Number(status.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(2 * MiB);
    expect(offset).toBeLessThanOrEqual(4 * MiB);

    const rest = await fetch(`${second.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes.subarray(offset),
    });
    expect(rest.status, await rest.clone().text()).toBe(204);
    const draft = (await (
      await fetch(`${second.url}${PUBLISHING_PATHS.draft.replace(':draftId', draftId)}`, { headers: auth })
    ).json()) as Draft;
    expect(draft.files).toEqual([{ sha256, name: 'Killed.pdf', state: 'uploaded', sizeBytes: bytes.length }]);
  } finally {
    await first.stop();
    await second?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
