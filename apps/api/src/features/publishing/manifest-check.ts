import { CatalogueManifest, MANIFEST_FILE_NAME, type ManifestFile } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import { blobKeyFor } from '../../plugins/blob-store';
import { canonicalEmail } from '../../shared/canonical-email';
import { normaliseCustomerId } from '../../plugins/registrations';

/** A manifest that cannot be imported: every problem found, none of it written. */
export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue was not imported:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ImportError';
  }
}

export interface ImportProgress {
  /** Called while a file is hashed: bytes done of total. */
  file(name: string, doneBytes: number, totalBytes: number): void;
}

export interface HashedFile {
  source: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  blobKey: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.txt': 'text/plain; charset=utf-8',
};

export async function readManifest(folder: string): Promise<CatalogueManifest> {
  const file = path.join(folder, MANIFEST_FILE_NAME);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message;
    throw new ImportError([`${file}: ${reason}`]);
  }
  const problems = [...Value.Errors(CatalogueManifest, json)].map(
    (error) => `${MANIFEST_FILE_NAME}${error.instancePath || ''}: ${error.message}`,
  );
  if (problems.length > 0) throw new ImportError(problems);
  const manifest = json as CatalogueManifest;

  const families = new Set(manifest.families);
  const knownFamily = (where: string, family: string) => {
    if (!families.has(family)) problems.push(`${where}: family "${family}" is not in "families"`);
  };
  const duplicates = (where: string, keys: string[], { secret = false } = {}) => {
    const seen = new Set<string>();
    for (const key of keys) {
      // Registration IDs and key IDs are credentials: a problem never repeats one.
      if (seen.has(key)) problems.push(`${where}: ${secret ? 'an ID' : `"${key}"`} appears twice`);
      seen.add(key);
    }
  };
  duplicates(
    'versions',
    manifest.versions.map((version) => version.name),
  );
  for (const version of manifest.versions) {
    for (const family of version.families) knownFamily(`version ${version.name}`, family);
    if (version.offlineInstallerBuiltAt && !version.offlineInstaller) {
      problems.push(`version ${version.name}: offlineInstallerBuiltAt without an offlineInstaller`);
    }
  }
  duplicates(
    'registrations',
    manifest.registrations.map((registration) => normaliseCustomerId(registration.registrationId)),
    { secret: true },
  );
  manifest.registrations.forEach((registration, index) => {
    knownFamily(`registrations[${index}]`, registration.family);
    for (const flag of registration.flags ?? []) knownFamily(`registrations[${index}]`, flag);
  });
  duplicates(
    'keyIds',
    (manifest.keyIds ?? []).map((key) => normaliseCustomerId(key.keyId)),
    { secret: true },
  );
  duplicates(
    'pibs',
    manifest.pibs.map((pib) => `${pib.product} ${pib.version} ${pib.internalVariant}`),
  );
  duplicates(
    'dsvs',
    manifest.dsvs.map((dsv) => dsv.key),
  );
  checkPasswordReset(manifest, problems);
  if (problems.length > 0) throw new ImportError(problems);
  return manifest;
}

/** Each entry names a registration of this manifest, once; every address is one plain address. */
function checkPasswordReset(manifest: CatalogueManifest, problems: string[]) {
  const section = manifest.passwordReset ?? [];
  const published = new Set(
    manifest.registrations.map((registration) => normaliseCustomerId(registration.registrationId)),
  );
  const seen = new Set<string>();
  section.forEach((entry, index) => {
    const where = `passwordReset[${index}]`;
    const id = normaliseCustomerId(entry.registrationId);
    // A registration ID is a credential: a problem never repeats it.
    if (!published.has(id)) problems.push(`${where}: the registration ID is not in "registrations"`);
    if (seen.has(id)) problems.push(`${where}: an ID appears twice`);
    seen.add(id);
    for (const [list, emails] of [
      ['authorizedAdminEmails', entry.authorizedAdminEmails ?? []],
      ['managers', entry.managers ?? []],
    ] as const) {
      for (const email of emails) {
        if (!canonicalEmail(email)) problems.push(`${where}.${list}: "${email}" is not a valid e-mail address`);
      }
    }
  });
}

export function manifestFiles(manifest: CatalogueManifest): ManifestFile[] {
  return [
    ...manifest.versions.flatMap((version) => (version.offlineInstaller ? [version.offlineInstaller] : [])),
    ...manifest.pibs.map((pib) => pib.file),
    ...manifest.dsvs.map((dsv) => dsv.file),
  ];
}

export const fileKey = (file: ManifestFile) => `${file.path}\n${file.name ?? ''}\n${file.contentType ?? ''}`;

export async function checkAndHashFiles(folder: string, manifest: CatalogueManifest, progress?: ImportProgress) {
  const root = await realpath(folder);
  const problems: string[] = [];
  const found = new Map<string, { source: string; sizeBytes: number }>();
  for (const file of manifestFiles(manifest)) {
    if (found.has(file.path)) continue;
    try {
      const source = await realpath(path.join(root, file.path));
      if (!source.startsWith(`${root}${path.sep}`)) throw new Error('is outside the folder');
      const stats = await stat(source);
      if (!stats.isFile()) throw new Error('is not a file');
      found.set(file.path, { source, sizeBytes: stats.size });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : (error as Error).message;
      problems.push(`${file.path} ${reason}`);
    }
  }
  if (problems.length > 0) throw new ImportError(problems);

  const hashes = new Map<string, string>();
  for (const [relative, { source, sizeBytes }] of found) {
    hashes.set(relative, await sha256Of(source, sizeBytes, (done) => progress?.file(relative, done, sizeBytes)));
  }
  const hashed = new Map<string, HashedFile>();
  for (const file of manifestFiles(manifest)) {
    const { source, sizeBytes } = found.get(file.path)!;
    const sha256 = hashes.get(file.path)!;
    hashed.set(fileKey(file), {
      source,
      name: file.name ?? path.basename(file.path),
      contentType:
        file.contentType ?? CONTENT_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream',
      sizeBytes,
      sha256,
      blobKey: blobKeyFor(sha256),
    });
  }
  return hashed;
}

async function sha256Of(file: string, sizeBytes: number, onProgress: (doneBytes: number) => void): Promise<string> {
  const hash = createHash('sha256');
  let done = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    done += (chunk as Buffer).length;
    onProgress(done);
  }
  if (done !== sizeBytes) throw new ImportError([`${file} changed while it was read`]);
  return hash.digest('hex');
}
