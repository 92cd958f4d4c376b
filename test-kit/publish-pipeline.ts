import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_TOKEN_ENV, API_TOKEN_PATHS, type CatalogueManifest, type CreatedApiToken } from '@portal/contracts';
import { REPO_ROOT } from './portal-process';

/** The command as `npm ci` links it in a clone. */
export const PORTAL_PUBLISH = path.join(REPO_ROOT, 'node_modules/.bin/portal-publish');

/**
 * Runs portal-publish in `cwd` as a build pipeline does, with only PATH, HOME and the token in
 * its environment (no DATA_DIR, no database); `onOutput` sees its standard output as it comes.
 */
export function runPortalPublish(
  args: string[],
  { cwd, token, onOutput }: { cwd: string; token: string; onOutput?: (stdout: string) => void },
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(PORTAL_PUBLISH, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, [API_TOKEN_ENV]: token },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      onOutput?.(stdout);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A new API token of the signed-in publisher whose `headers` are given. */
export async function createApiToken(
  portalUrl: string,
  headers: Record<string, string>,
  name: string,
): Promise<CreatedApiToken> {
  const created = await fetch(new URL(API_TOKEN_PATHS.tokens, portalUrl), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (created.status !== 201)
    throw new Error(`creating an API token answered ${created.status}: ${await created.text()}`);
  return (await created.json()) as CreatedApiToken;
}

/**
 * A release folder under `work`: catalogue.json adding Cornerstone `version` with a random
 * offline installer of `installerBytes`; its folder and the installer's SHA-256.
 */
export async function writeReleaseFolder(work: string, version: string, installerBytes: number) {
  const folder = path.join(work, `release-${version}`);
  const installer = path.join(folder, 'installers', `Cornerstone-${version}-Offline.zip`);
  await mkdir(path.dirname(installer), { recursive: true });
  const hash = createHash('sha256');
  const out = createWriteStream(installer);
  for (let written = 0; written < installerBytes;) {
    const chunk = randomBytes(Math.min(4 * 1024 * 1024, installerBytes - written));
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const manifest: CatalogueManifest = {
    families: ['CS'],
    versions: [
      {
        name: version,
        families: ['CS'],
        releaseDate: '2026-11-27',
        offlineInstaller: { path: `installers/Cornerstone-${version}-Offline.zip` },
      },
    ],
    registrations: [],
    pibs: [],
    dsvs: [],
  };
  await writeFile(path.join(folder, 'catalogue.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { folder, installer, sha256: hash.digest('hex') };
}
