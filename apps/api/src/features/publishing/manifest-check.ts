import {
  CatalogueManifest,
  FIRMWARE_RELEASE_NOTES_MAX_CHARS,
  MANIFEST_FILE_NAME,
  malformedTokens,
  type ManifestFile,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import { blobKeyFor } from '../../plugins/blob-store';
import { normaliseCustomerId } from '../../plugins/registrations';
import { canonicalEmail } from '../../shared/canonical-email';

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
  /** Called while a file is copied into the blob store (uploaded to a bucket part by part): bytes done of total. */
  upload?(name: string, doneBytes: number, totalBytes: number): void;
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
  duplicates(
    'releaseNotes',
    (manifest.releaseNotes ?? []).map((note) => `${note.product} ${note.version}`),
  );
  checkConfigurations(manifest, duplicates, problems);
  checkChromatof(manifest, duplicates);
  problems.push(...firmwareProblems(manifest));
  checkPasswordReset(manifest, problems);
  if (problems.length > 0) throw new ImportError(problems);
  return manifest;
}

/** Options and configurations: no key twice, and every token of a list in its form. */
function checkConfigurations(
  manifest: CatalogueManifest,
  duplicates: (where: string, keys: string[]) => void,
  problems: string[],
) {
  duplicates(
    'options',
    (manifest.options ?? []).map((option) => option.code),
  );
  const configurations = manifest.configurations ?? [];
  duplicates(
    'configurations',
    configurations.map((c) => `${c.friendlyFamily} ${c.currentVersion} ${c.product}`),
  );
  configurations.forEach((configuration, index) => {
    for (const token of malformedTokens(configuration)) {
      problems.push(`configurations[${index}] (${configuration.product}): "${token}" is not in the form of its list`);
    }
  });
}

export function manifestFiles(manifest: CatalogueManifest): ManifestFile[] {
  return [
    ...manifest.versions.flatMap((version) => (version.offlineInstaller ? [version.offlineInstaller] : [])),
    ...manifest.pibs.map((pib) => pib.file),
    ...manifest.dsvs.map((dsv) => dsv.file),
    ...(manifest.releaseNotes ?? []).map((note) => note.file),
    ...(manifest.chromatof?.releases ?? []).flatMap((release) => release.files.map((entry) => entry.file)),
    ...(manifest.firmware ?? []).map((release) => release.update),
  ];
}

/** ChromaTOF releases: one per product and version, labels unique within a release. */
function checkChromatof(manifest: CatalogueManifest, duplicates: (where: string, keys: string[]) => void) {
  const releases = manifest.chromatof?.releases ?? [];
  duplicates(
    'chromatof.releases',
    releases.map((release) => `${release.product} ${release.version}`),
  );
  for (const release of releases) {
    duplicates(
      `chromatof release ${release.product} ${release.version}: files`,
      release.files.map((entry) => entry.label),
    );
  }
}

export const fileKey = (file: ManifestFile) => `${file.path}\n${file.name ?? ''}\n${file.contentType ?? ''}`;

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

/** Firmware version names are unique across instruments; each release has its notes one way. */
function firmwareProblems(manifest: CatalogueManifest): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const release of manifest.firmware ?? []) {
    const where = `firmware ${release.instrument} ${release.version}`;
    if (seen.has(release.version)) problems.push(`firmware: "${release.version}" appears twice`);
    seen.add(release.version);
    if ((release.releaseNotes === undefined) === (release.releaseNotesFile === undefined)) {
      problems.push(`${where}: give either releaseNotes or releaseNotesFile`);
    }
  }
  return problems;
}

/** The release notes of each firmware release, by version: the text, or the text file's content. */
export async function readFirmwareReleaseNotes(folder: string, manifest: CatalogueManifest) {
  const root = await realpath(folder);
  const notes = new Map<string, string>();
  const problems: string[] = [];
  for (const release of manifest.firmware ?? []) {
    if (release.releaseNotesFile === undefined) {
      notes.set(release.version, release.releaseNotes ?? '');
      continue;
    }
    try {
      const { source } = await fileInFolder(root, release.releaseNotesFile);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(source));
      if (text.length > FIRMWARE_RELEASE_NOTES_MAX_CHARS) {
        throw new Error(`is longer than ${FIRMWARE_RELEASE_NOTES_MAX_CHARS} characters`);
      }
      notes.set(release.version, text);
    } catch (error) {
      problems.push(`${release.releaseNotesFile} ${problemOf(error)}`);
    }
  }
  if (problems.length > 0) throw new ImportError(problems);
  return notes;
}

/** A file the manifest names: inside the folder (after following links) and a regular file. */
async function fileInFolder(root: string, relative: string) {
  const source = await realpath(path.join(root, relative));
  if (!source.startsWith(`${root}${path.sep}`)) throw new Error('is outside the folder');
  const stats = await stat(source);
  if (!stats.isFile()) throw new Error('is not a file');
  return { source, sizeBytes: stats.size };
}

function problemOf(error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'does not exist';
  if (error instanceof TypeError) return 'is not UTF-8 text';
  return (error as Error).message;
}

export async function checkAndHashFiles(folder: string, manifest: CatalogueManifest, progress?: ImportProgress) {
  const root = await realpath(folder);
  const problems: string[] = [];
  const found = new Map<string, { source: string; sizeBytes: number }>();
  for (const file of manifestFiles(manifest)) {
    if (found.has(file.path)) continue;
    try {
      found.set(file.path, await fileInFolder(root, file.path));
    } catch (error) {
      problems.push(`${file.path} ${problemOf(error)}`);
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
