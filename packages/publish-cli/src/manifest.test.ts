import { fileSha256 } from '@portal/contracts/node/file-sha256';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { draftOf, linedProblems, readManifest } from './manifest';

const sha256Of = async (location: string) => (await fileSha256(location)).sha256;

let folder: string;
afterEach(() => rm(folder, { recursive: true, force: true }));

async function folderWith(manifest: string, files: Record<string, string> = {}) {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-test-'));
  await writeFile(path.join(folder, 'catalogue.json'), manifest);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
  return folder;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const RELEASE = `{
  "families": ["CS"],
  "versions": [
    {
      "name": "9.1.0",
      "families": ["CS"],
      "releaseDate": "2026-11-27",
      "offlineInstaller": { "path": "installers/Setup.zip" }
    }
  ],
  "registrations": [],
  "pibs": [
    {
      "product": "Cornerstone",
      "version": "9.1.0",
      "internalVariant": "a",
      "variant": "A",
      "file": { "path": "pibs/A.pdf", "name": "PIB A.pdf" }
    },
    {
      "product": "Cornerstone",
      "version": "9.1.0",
      "internalVariant": "b",
      "variant": "B",
      "file": { "path": "installers/Setup.zip" }
    }
  ],
  "dsvs": []
}
`;

describe('the manifest as portal-publish reads it', () => {
  it('names each file by its SHA-256, once per file however often it is named, keeping the download name', async () => {
    await folderWith(RELEASE, { 'installers/Setup.zip': 'installer bytes', 'pibs/A.pdf': 'pdf bytes' });
    const read = await readManifest(folder);
    if (!('manifest' in read)) throw new Error(JSON.stringify(read.problems));
    let hashed = 0;
    const { draft, files, missing } = await draftOf(folder, read.manifest, (location) => {
      hashed++;
      return sha256Of(location);
    });
    expect(missing).toEqual([]);
    expect(hashed).toBe(2);
    expect(files.map((file) => [file.name, file.sizeBytes, file.sha256]).sort()).toEqual(
      [
        ['A.pdf', 9, sha('pdf bytes')],
        ['Setup.zip', 15, sha('installer bytes')],
      ].sort(),
    );
    expect(draft.versions[0]!.offlineInstaller).toEqual({ path: sha('installer bytes'), name: 'Setup.zip' });
    expect(draft.pibs.map((pib) => pib.file)).toEqual([
      { path: sha('pdf bytes'), name: 'PIB A.pdf' },
      { path: sha('installer bytes'), name: 'Setup.zip' },
    ]);
    // The manifest read is left as it was.
    expect(read.manifest.pibs[0]!.file.path).toBe('pibs/A.pdf');
  });

  it('places each problem at its line: the shape check, a missing file and the portal’s own problems', async () => {
    await folderWith(RELEASE.replace('"2026-11-27"', '"someday"').replace('"dsvs": []', '"dsvs": [],\n  "extra": 1'));
    const refused = await readManifest(folder);
    expect('problems' in refused && refused.problems).toEqual([
      { line: 7, path: 'versions[0].releaseDate', message: 'must match format "date"' },
      { line: 29, path: 'extra', message: 'not a field of catalogue.json' },
    ]);

    await folderWith(RELEASE, { 'pibs/A.pdf': 'pdf bytes' });
    const read = await readManifest(folder);
    if (!('manifest' in read)) throw new Error('refused');
    const { missing } = await draftOf(folder, read.manifest, sha256Of);
    expect(linedProblems(missing, read.lineOf)).toEqual([
      {
        line: 8,
        path: 'versions[0].offlineInstaller.path',
        message: `installers/Setup.zip: no such file in ${folder}`,
      },
      { line: 25, path: 'pibs[1].file.path', message: `installers/Setup.zip: no such file in ${folder}` },
    ]);
    expect(linedProblems([{ path: 'pibs[0].variant', message: 'x' }], read.lineOf)).toEqual([
      { line: 17, path: 'pibs[0].variant', message: 'x' },
    ]);
  });

  it('says a missing catalogue.json and a JSON syntax error with its line', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-test-'));
    expect(await readManifest(folder)).toEqual({
      problems: [{ line: 0, path: '', message: `${folder} has no catalogue.json.` }],
    });
    await rm(folder, { recursive: true, force: true });
    await folderWith('{\n  "families": ["CS"],\n  "versions": [,]\n}\n');
    const refused = await readManifest(folder);
    expect('problems' in refused && refused.problems[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(/^not JSON: /),
    });
  });
});
