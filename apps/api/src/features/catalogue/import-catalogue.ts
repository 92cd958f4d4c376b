import { CatalogueManifest, MANIFEST_FILE_NAME, type ManifestFile } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { Value } from 'typebox/value';
import { BlobStore } from './blob-store';
import { CATALOGUE_PUBLISHED_CHANNEL } from './catalogue-cache';
import { customerDigest, normaliseCustomerId } from './customer-credentials';

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

export interface ImportSummary {
  files: { stored: number; alreadyStored: number };
  families: { added: number };
  versions: Changes;
  registrations: Changes;
  pibs: Changes;
  dsvs: Changes;
}

interface Changes {
  added: number;
  changed: number;
  unchanged: number;
}

interface HashedFile {
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

/**
 * Publishes a folder: its catalogue.json and the files beside it. All or nothing: the whole
 * manifest is checked before anything is written, files are copied into the blob store
 * under temporary names and renamed, and the catalogue rows are written in one
 * transaction. Rows are matched by their natural keys, so importing the same folder twice
 * changes nothing, and a later folder adds to (or updates) what earlier ones published.
 */
export async function importCatalogue({
  folder,
  pool,
  secretKey,
  blobStore,
  progress,
}: {
  folder: string;
  pool: pg.Pool;
  secretKey: Buffer;
  blobStore: BlobStore;
  progress?: ImportProgress;
}): Promise<ImportSummary> {
  const manifest = await readManifest(folder);
  const hashed = await checkAndHashFiles(folder, manifest, progress);

  const written: string[] = [];
  let alreadyStored = 0;
  try {
    for (const file of uniqueBy(hashed.values(), (file) => file.blobKey)) {
      if (await blobStore.put(file.source, file.blobKey)) written.push(file.blobKey);
      else alreadyStored++;
    }
    const summary = await writeRows(pool, secretKey, manifest, hashed);
    return { ...summary, files: { stored: written.length, alreadyStored } };
  } catch (error) {
    // Blobs this import added are referenced by nothing now.
    await Promise.all(written.map((blobKey) => blobStore.remove(blobKey)));
    throw error;
  }
}

async function readManifest(folder: string): Promise<CatalogueManifest> {
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
  if (problems.length > 0) throw new ImportError(problems);
  return manifest;
}

function manifestFiles(manifest: CatalogueManifest): ManifestFile[] {
  return [
    ...manifest.versions.flatMap((version) => (version.offlineInstaller ? [version.offlineInstaller] : [])),
    ...manifest.pibs.map((pib) => pib.file),
    ...manifest.dsvs.map((dsv) => dsv.file),
  ];
}

const fileKey = (file: ManifestFile) => `${file.path}\n${file.name ?? ''}\n${file.contentType ?? ''}`;

async function checkAndHashFiles(folder: string, manifest: CatalogueManifest, progress?: ImportProgress) {
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
      blobKey: BlobStore.keyFor(sha256),
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

async function writeRows(
  pool: pg.Pool,
  secretKey: Buffer,
  manifest: CatalogueManifest,
  hashed: Map<string, HashedFile>,
): Promise<Omit<ImportSummary, 'files'>> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fileId = new Map<string, string>();
    for (const [key, file] of hashed) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO files (blob_key, name, content_type, size_bytes, sha256) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (sha256, name, content_type) DO UPDATE SET blob_key = files.blob_key
         RETURNING id`,
        [file.blobKey, file.name, file.contentType, file.sizeBytes, file.sha256],
      );
      fileId.set(key, rows[0]!.id);
    }
    const idOf = (file: ManifestFile) => fileId.get(fileKey(file))!;

    const familyRows = await client.query(
      `INSERT INTO product_families (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING name`,
      [manifest.families],
    );

    const versions = emptyChanges();
    for (const version of manifest.versions) {
      let outcome = await upsert(
        client,
        `INSERT INTO versions (name, offline_installer_file_id, offline_installer_built_at, release_date)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (name) DO UPDATE SET offline_installer_file_id = excluded.offline_installer_file_id,
             offline_installer_built_at = excluded.offline_installer_built_at, release_date = excluded.release_date
           WHERE (versions.offline_installer_file_id, versions.offline_installer_built_at, versions.release_date)
             IS DISTINCT FROM (excluded.offline_installer_file_id, excluded.offline_installer_built_at, excluded.release_date)`,
        [
          version.name,
          version.offlineInstaller ? idOf(version.offlineInstaller) : null,
          version.offlineInstallerBuiltAt ?? null,
          version.releaseDate ?? null,
        ],
      );
      const removed = await client.query(`DELETE FROM version_families WHERE version = $1 AND NOT family = ANY($2)`, [
        version.name,
        version.families,
      ]);
      const added = await client.query(
        `INSERT INTO version_families (version, family) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [version.name, version.families],
      );
      // A version whose only change is its availability has changed too.
      if (outcome === 'unchanged' && (removed.rowCount ?? 0) + (added.rowCount ?? 0) > 0) outcome = 'changed';
      count(versions, outcome);
    }

    const registrations = emptyChanges();
    const customers = [
      ...manifest.registrations.map((registration) => ({
        scheme: 'hasp' as const,
        id: registration.registrationId,
        family: registration.family,
        flags: registration.flags ?? [],
        product: null,
        revoked: registration.revoked ?? false,
      })),
      ...(manifest.keyIds ?? []).map((key) => ({
        scheme: 'rainbow' as const,
        id: key.keyId,
        family: null,
        flags: [],
        product: key.product,
        revoked: key.revoked ?? false,
      })),
    ];
    for (const customer of customers) {
      count(
        registrations,
        await upsert(
          client,
          `INSERT INTO registrations (id_digest, scheme, family, flags, product, revoked) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (id_digest) DO UPDATE SET scheme = excluded.scheme, family = excluded.family,
             flags = excluded.flags, product = excluded.product, revoked = excluded.revoked
           WHERE (registrations.scheme, registrations.family, registrations.flags, registrations.product, registrations.revoked)
             IS DISTINCT FROM (excluded.scheme, excluded.family, excluded.flags, excluded.product, excluded.revoked)`,
          [
            customerDigest(secretKey, customer.scheme, customer.id),
            customer.scheme,
            customer.family,
            customer.flags,
            customer.product,
            customer.revoked,
          ],
        ),
      );
    }

    const pibs = emptyChanges();
    for (const pib of manifest.pibs) {
      count(
        pibs,
        await upsert(
          client,
          `INSERT INTO pibs (product, version, internal_variant, variant, file_id) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (product, version, internal_variant) DO UPDATE SET variant = excluded.variant, file_id = excluded.file_id
           WHERE (pibs.variant, pibs.file_id) IS DISTINCT FROM (excluded.variant, excluded.file_id)`,
          [pib.product, pib.version, pib.internalVariant, pib.variant, idOf(pib.file)],
        ),
      );
    }

    const dsvs = emptyChanges();
    for (const dsv of manifest.dsvs) {
      count(
        dsvs,
        await upsert(
          client,
          `INSERT INTO dsvs (key, version, file_id) VALUES ($1, $2, $3)
           ON CONFLICT (key) DO UPDATE SET version = excluded.version, file_id = excluded.file_id
           WHERE (dsvs.version, dsvs.file_id) IS DISTINCT FROM (excluded.version, excluded.file_id)`,
          [dsv.key, dsv.version, idOf(dsv.file)],
        ),
      );
    }

    // Delivered on commit only, to every server listening on this database.
    await client.query(`NOTIFY ${CATALOGUE_PUBLISHED_CHANNEL}`);
    await client.query('COMMIT');
    return { families: { added: familyRows.rowCount ?? 0 }, versions, registrations, pibs, dsvs };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

type Outcome = 'added' | 'changed' | 'unchanged';

async function upsert(client: pg.PoolClient, text: string, values: unknown[]): Promise<Outcome> {
  // xmax = 0 tells a fresh row from an updated one; no row back means nothing differed.
  const { rows } = await client.query<{ inserted: boolean }>(`${text} RETURNING (xmax = 0) AS inserted`, values);
  if (rows.length === 0) return 'unchanged';
  return rows[0]!.inserted ? 'added' : 'changed';
}

function emptyChanges(): Changes {
  return { added: 0, changed: 0, unchanged: 0 };
}

function count(changes: Changes, outcome: Outcome) {
  changes[outcome]++;
}

function* uniqueBy<T>(items: Iterable<T>, key: (item: T) => string) {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(key(item))) continue;
    seen.add(key(item));
    yield item;
  }
}
