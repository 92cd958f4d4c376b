import { CatalogueManifest, ManifestFile, type ManifestProblem } from '@portal/contracts';
import { jsonPathSegments, parseJsonLines } from '@portal/contracts/json-lines';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';

/** The manifest the import reads, in every folder it publishes (docs/publishing.md). */
export const MANIFEST_NAME = 'catalogue.json';

/** A problem of the manifest, at its line in catalogue.json (0 when it has none). */
export interface LinedProblem {
  line: number;
  path: string;
  message: string;
}

/** The manifest read from a folder, or its problems; the text is kept to place the portal's problems too. */
export type ReadManifest =
  { manifest: CatalogueManifest; lineOf: (problemPath: string) => number } | { problems: LinedProblem[] };

/** `/versions/0/releaseDate` as the portal names fields: `versions[0].releaseDate`. */
function fieldOf(instancePath: string): string {
  return jsonPathSegments(instancePath)
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** Reads and checks `folder/catalogue.json` against the contracts' schema of the import. */
export async function readManifest(folder: string): Promise<ReadManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_NAME), 'utf8');
  } catch {
    return { problems: [{ line: 0, path: '', message: `${folder} has no ${MANIFEST_NAME}.` }] };
  }
  const parsed = parseJsonLines(text);
  if ('syntaxErrors' in parsed) {
    return {
      problems: parsed.syntaxErrors.map(({ line, error }) => ({ line, path: '', message: `not JSON: ${error}` })),
    };
  }
  const json: unknown = JSON.parse(text);
  /** Its line, 0 when it has none. */
  const lineOf = (problemPath: string): number => parsed.lineOf(problemPath) ?? 0;
  const problems = [...Value.Errors(CatalogueManifest, json)]
    // Each unknown field is named below by its own error ("schema is false"), at its line.
    .filter((error) => error.keyword !== 'additionalProperties')
    .map((error) => ({
      line: lineOf(error.instancePath),
      path: fieldOf(error.instancePath),
      message: error.keyword === 'boolean' ? 'not a field of catalogue.json' : error.message,
    }))
    // In the order of the file, as a person reads it.
    .sort((a, b) => a.line - b.line);
  if (problems.length > 0) return { problems };
  return { manifest: json as CatalogueManifest, lineOf };
}

/** The portal's problems (field paths) placed at their lines. */
export function linedProblems(problems: readonly ManifestProblem[], lineOf: (path: string) => number): LinedProblem[] {
  return problems.map((problem) => ({ line: lineOf(problem.path), path: problem.path, message: problem.message }));
}

/** Every file the manifest names (an object of the contracts' ManifestFile shape), wherever its section keeps it. */
export function fileReferences(manifest: CatalogueManifest): Array<{ file: ManifestFile; at: string }> {
  const found: Array<{ file: ManifestFile; at: string }> = [];
  const walk = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}[${index}]`));
    else if (value !== null && typeof value === 'object') {
      if (Value.Check(ManifestFile, value)) found.push({ file: value, at: `${at}.path` });
      else for (const [key, item] of Object.entries(value)) walk(item, at ? `${at}.${key}` : key);
    }
  };
  walk(manifest, '');
  return found;
}

/** A file of the folder, hashed. */
export interface LocalFile {
  /** Where it is on this disk. */
  location: string;
  name: string;
  sizeBytes: number;
  sha256: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * The draft's manifest: each file the folder holds named by its SHA-256 (a draft names files
 * so), its download name kept as the import would give it. A path that is already a SHA-256
 * and no file of the folder names a file the portal stores (a withdrawal, say).
 */
export async function draftOf(
  folder: string,
  manifest: CatalogueManifest,
  hashing: (location: string) => Promise<string>,
): Promise<{ draft: CatalogueManifest; files: LocalFile[]; missing: ManifestProblem[] }> {
  const draft = structuredClone(manifest);
  const byLocation = new Map<string, Promise<LocalFile | undefined>>();
  const missing: ManifestProblem[] = [];
  const references = fileReferences(draft);
  await Promise.all(
    references.map(async ({ file: reference, at }) => {
      const location = path.resolve(folder, reference.path);
      let local = byLocation.get(location);
      if (!local) {
        local = stat(location).then(
          async (stats) =>
            stats.isFile()
              ? { location, name: path.basename(location), sizeBytes: stats.size, sha256: await hashing(location) }
              : undefined,
          () => undefined,
        );
        byLocation.set(location, local);
      }
      const file = await local;
      if (!file) {
        if (!SHA256.test(reference.path))
          missing.push({ path: at, message: `${reference.path}: no such file in ${folder}` });
        return;
      }
      reference.name ??= file.name;
      reference.path = file.sha256;
    }),
  );
  const files = (await Promise.all(byLocation.values())).filter((file): file is LocalFile => file !== undefined);
  return { draft, files, missing };
}
