import type { CatalogueManifest, CustomerCredential, ManifestFile } from '@portal/contracts';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connect';

/**
 * What every section of the catalogue (sections.ts) is built from. A section owns its
 * tables, its part of the manifest check, its upsert and its snapshot loader; the catalogue
 * composes them and owns only the published files and the product families.
 */

export interface FileRecord {
  id: string;
  blobKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** When the file was first published (ISO 8601). */
  publishedAt: string;
}

/**
 * A section's snapshot loader: reads its rows (in parallel with every other section), then
 * answers its part of the snapshot once the published files are known.
 */
export type SectionLoader<Part> = (db: DatabaseExecutor) => Promise<(fileById: Map<string, FileRecord>) => Part>;

/** What a section's upsert is given beside the manifest: the row ID of each file, the digest of each credential. */
export interface SectionWrite {
  fileIdOf(file: ManifestFile): string;
  digestOf(credential: CustomerCredential): string;
}

/** A manifest that cannot be imported: every problem found, none of it written. */
export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue was not imported:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ImportError';
  }
}

/** The problems of a manifest, as every section finds them, in the import's wording. */
export class ManifestProblems {
  readonly list: string[] = [];
  private readonly families: Set<string>;

  constructor(manifest: Pick<CatalogueManifest, 'families'>) {
    this.families = new Set(manifest.families);
  }

  add(problem: string): void {
    this.list.push(problem);
  }

  knownFamily(where: string, family: string): void {
    if (!this.families.has(family)) this.add(`${where}: family "${family}" is not in "families"`);
  }

  duplicates(where: string, keys: string[], { secret = false } = {}): void {
    const seen = new Set<string>();
    for (const key of keys) {
      // Registration IDs and key IDs are credentials: a problem never repeats one.
      if (seen.has(key)) this.add(`${where}: ${secret ? 'an ID' : `"${key}"`} appears twice`);
      seen.add(key);
    }
  }
}

/** A file the manifest names: inside the folder (after following links) and a regular file. */
export async function fileInFolder(root: string, relative: string) {
  const source = await realpath(path.join(root, relative));
  if (!source.startsWith(`${root}${path.sep}`)) throw new Error('is outside the folder');
  const stats = await stat(source);
  if (!stats.isFile()) throw new Error('is not a file');
  return { source, sizeBytes: stats.size };
}

/** How a problem with a file of the folder reads after its path. */
export function problemOf(error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'does not exist';
  if (error instanceof TypeError) return 'is not UTF-8 text';
  return (error as Error).message;
}

/**
 * A section of the catalogue, as sections.ts composes it. `Summary` is its part of the
 * import summary, `Part` its part of the snapshot, `Prepared` what it reads from the folder
 * beyond the files the manifest names (firmware release notes given as a text file).
 */
export interface CatalogueSection<Summary extends object, Part extends object = object, Prepared = void> {
  /** Its part of the manifest check: adds every problem it finds, none of them a credential. */
  check(manifest: CatalogueManifest, problems: ManifestProblems): void;
  /** The files of the folder it publishes, in the order of its entries. */
  files?(manifest: CatalogueManifest): ManifestFile[];
  /** Reads what else it needs from the folder, after the check; throws an ImportError naming every problem. */
  prepare?(folder: string, manifest: CatalogueManifest): Promise<Prepared>;
  /** Writes its rows in the import's transaction; answers its counts for the summary. */
  upsert(tx: DatabaseExecutor, manifest: CatalogueManifest, write: SectionWrite, prepared: Prepared): Promise<Summary>;
  /** Its part of the catalogue snapshot, if the lookups need one. */
  load?: SectionLoader<Part>;
  /**
   * Its tables whose rows the change history shows field by field (plugins/catalogue/history.ts),
   * by the name of its part of the summary. Rows are told apart by their primary key. A
   * section of credentials or addresses lists none: the history gives only its counts.
   */
  recorded?: Record<string, PgTable>;
}
