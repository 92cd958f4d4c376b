import { CatalogueManifest, MANIFEST_FILE_NAME, type ManifestFile } from '@portal/contracts';
import { jsonLineFinder } from '@portal/contracts/json-lines';
import { fileSha256 } from '@portal/contracts/node/file-sha256';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import { blobKeyFor } from '../../plugins/blob-keys';
import { fileInFolder, ImportError, ManifestProblems, problemOf } from '../../plugins/catalogue/section-kit';
import { checkSections, sectionFiles } from '../../plugins/catalogue/sections';

export { ImportError };

export interface ImportProgress {
  /** Called while a file is hashed: bytes done of total. */
  file(name: string, doneBytes: number, totalBytes: number): void;
  /** Called while a file is copied into the blob store (uploaded to a bucket part by part): bytes done of total. */
  upload?(name: string, doneBytes: number, totalBytes: number): void;
}

export interface HashedFile {
  /** Where the bytes are read from; null for a file the blob store holds already (a draft's file, named by SHA-256). */
  source: string | null;
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

/** The content type a file's name implies, when its entry gives none. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

export async function readManifest(folder: string): Promise<CatalogueManifest> {
  const file = path.join(folder, MANIFEST_FILE_NAME);
  let text: string;
  let json: unknown;
  try {
    text = await readFile(file, 'utf8');
    json = JSON.parse(text);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message;
    throw new ImportError([`${file}: ${reason}`]);
  }
  const problems = [...Value.Errors(CatalogueManifest, json)].map(
    (error) => `${MANIFEST_FILE_NAME}${error.instancePath || ''}: ${error.message}`,
  );
  if (problems.length > 0) throw new ImportError(problems);
  const manifest = json as CatalogueManifest;

  // Every section checks its own part (plugins/catalogue/sections.ts).
  const sectionProblems = new ManifestProblems(manifest);
  checkSections(manifest, sectionProblems);
  checkWithdrawals(manifest, sectionProblems);
  if (sectionProblems.list.length > 0) throw new ImportError(sectionProblems.list.map(withLineIn(text)));
  return manifest;
}

/** An entry or field a problem starts with: `pibs[0].effectiveDate: …`, `configurations[1] (CS744): …`. */
export const PROBLEM_PATH = /^([A-Za-z]+(?:\[\d+\])?(?:\.[A-Za-z]+(?:\[\d+\])?)*)[: ]/;

/**
 * A problem that names an entry or field of the manifest, led by the line it is on in the
 * file (`catalogue.json:14: pibs[0].effectiveDate: …`), as compilers name a line, so an
 * editor finds it; the nearest enclosing entry's line when the field is not written.
 */
function withLineIn(text: string) {
  const lineOf = jsonLineFinder(text);
  return (problem: string): string => {
    const named = PROBLEM_PATH.exec(problem)?.[1];
    const line = named === undefined ? undefined : lineOf(named);
    return line === undefined ? problem : `${MANIFEST_FILE_NAME}:${line}: ${problem}`;
  };
}

/**
 * Rethrows what a section's `prepare` refused (an SBOM, a release notes file) with the line
 * of each problem's entry, as the manifest's own problems are named.
 */
export async function withManifestLines(folder: string, error: unknown): Promise<never> {
  if (!(error instanceof ImportError)) throw error;
  const text = await readFile(path.join(folder, MANIFEST_FILE_NAME), 'utf8');
  throw new ImportError(error.problems.map(withLineIn(text)));
}

/** A file withdrawn gives its reason; a file named twice is not withdrawn by one entry and kept by the other. */
export function checkWithdrawals(manifest: CatalogueManifest, problems: ManifestProblems) {
  const withdrawn = new Map<string, boolean | undefined>();
  for (const file of sectionFiles(manifest)) {
    if (file.withdrawn === true && file.withdrawnReason === undefined) {
      problems.add(`${file.path}: "withdrawn": true needs a "withdrawnReason"`);
    }
    if (file.withdrawn !== true && file.withdrawnReason !== undefined) {
      problems.add(`${file.path}: "withdrawnReason" without "withdrawn": true`);
    }
    const key = fileKey(file);
    if (withdrawn.has(key) && withdrawn.get(key) !== file.withdrawn) {
      problems.add(`${file.path}: withdrawn in one entry and not in another`);
    }
    withdrawn.set(key, file.withdrawn);
  }
}

export const fileKey = (file: ManifestFile) => `${file.path}\n${file.name ?? ''}\n${file.contentType ?? ''}`;

export async function checkAndHashFiles(folder: string, manifest: CatalogueManifest, progress?: ImportProgress) {
  const root = await realpath(folder);
  const problems: string[] = [];
  const found = new Map<string, { source: string; sizeBytes: number }>();
  for (const file of sectionFiles(manifest)) {
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
  for (const file of sectionFiles(manifest)) {
    const { source, sizeBytes } = found.get(file.path)!;
    const sha256 = hashes.get(file.path)!;
    hashed.set(fileKey(file), {
      source,
      name: file.name ?? path.basename(file.path),
      contentType: file.contentType ?? contentTypeOf(file.path),
      sizeBytes,
      sha256,
      blobKey: blobKeyFor(sha256),
    });
  }
  return hashed;
}

async function sha256Of(file: string, sizeBytes: number, onProgress: (doneBytes: number) => void): Promise<string> {
  const read = await fileSha256(file, onProgress);
  if (read.sizeBytes !== sizeBytes) throw new ImportError([`${file} changed while it was read`]);
  return read.sha256;
}
