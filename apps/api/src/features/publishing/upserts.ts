import {
  compareVersions,
  FIRMWARE_METADATA_VALID_DAYS,
  firmwareUpdatePath,
  type CatalogueManifest,
  type FirmwareMetadata,
  type ManifestFile,
} from '@portal/contracts';
import { and, eq, max, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connect';
import {
  dsvs,
  files,
  pibs,
  productFamilies,
  registrations,
  releaseNotes,
  versionFamilies,
  versions,
} from '../../plugins/catalogue/catalogue-tables';
import { configurations, options } from '../../plugins/catalogue/configuration-tables';
import { chromatofReleaseFiles, chromatofReleases } from '../../plugins/catalogue/chromatof-tables';
import { firmwareMetadata, firmwareReleases } from '../../plugins/catalogue/firmware-tables';
import { passwordResetRegistrations, registrationManagers } from '../../plugins/catalogue/password-reset-tables';
import { canonicalEmail } from '../../shared/canonical-email';
import { fileKey, type HashedFile } from './manifest-check';

/**
 * One upsert per entity of the manifest, each inside the import's one transaction. Rows
 * are matched by their natural keys, so importing the same folder twice changes nothing,
 * and a later folder adds to (or updates) what earlier ones published. A new manifest
 * section adds a function here and a line in publish-catalogue.ts.
 */

export interface Changes {
  added: number;
  changed: number;
  unchanged: number;
}

type Outcome = keyof Changes;

export function emptyChanges(): Changes {
  return { added: 0, changed: 0, unchanged: 0 };
}

/**
 * Inserts a row, or updates the one with the same key when any of `update`'s columns
 * differ, and says which happened. `xmax = 0` tells a fresh row from an updated one; no
 * row back means nothing differed.
 */
async function upsert<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  values: PgInsertValue<T>,
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Outcome> {
  const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);
  const columns = Object.values(update);
  const rows = await tx
    .insert(table)
    .values(values)
    .onConflictDoUpdate({
      target,
      // Keys of `update` are T's own column keys; TypeScript cannot follow that through fromEntries.
      set: Object.fromEntries(
        Object.entries(update).map(([key, column]) => [key, excluded(column)]),
      ) as PgUpdateSetSource<T>,
      setWhere: sql`(${sql.join(columns, sql`, `)}) IS DISTINCT FROM (${sql.join(columns.map(excluded), sql`, `)})`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (rows.length === 0) return 'unchanged';
  return rows[0]!.inserted ? 'added' : 'changed';
}

function count(changes: Changes, outcome: Outcome) {
  changes[outcome]++;
}

/** upsert for each row, counted. */
async function upsertEach<T extends PgTable>(
  tx: DatabaseExecutor,
  table: T,
  rows: PgInsertValue<T>[],
  target: PgColumn | PgColumn[],
  update: Record<string, PgColumn>,
): Promise<Changes> {
  const changes = emptyChanges();
  for (const row of rows) count(changes, await upsert(tx, table, row, target, update));
  return changes;
}

/** Every file the manifest names, by fileKey; answers each one's row ID. */
export async function upsertFiles(tx: DatabaseExecutor, hashed: Map<string, HashedFile>) {
  const ids = new Map<string, string>();
  for (const [key, file] of hashed) {
    const [row] = await tx
      .insert(files)
      .values({
        blobKey: file.blobKey,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
      })
      // A no-op update, so the existing row's ID comes back too.
      .onConflictDoUpdate({ target: [files.sha256, files.name, files.contentType], set: { blobKey: files.blobKey } })
      .returning({ id: files.id });
    ids.set(key, row!.id);
  }
  return (file: ManifestFile) => ids.get(fileKey(file))!;
}

export async function upsertFamilies(tx: DatabaseExecutor, families: CatalogueManifest['families']) {
  const added = await tx
    .insert(productFamilies)
    .values(families.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ name: productFamilies.name });
  return { added: added.length };
}

export async function upsertVersions(
  tx: DatabaseExecutor,
  manifestVersions: CatalogueManifest['versions'],
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  const changes = emptyChanges();
  for (const version of manifestVersions) {
    let outcome = await upsert(
      tx,
      versions,
      {
        name: version.name,
        offlineInstallerFileId: version.offlineInstaller ? fileIdOf(version.offlineInstaller) : null,
        offlineInstallerBuiltAt: version.offlineInstallerBuiltAt ? new Date(version.offlineInstallerBuiltAt) : null,
        releaseDate: version.releaseDate ?? null,
      },
      versions.name,
      {
        offlineInstallerFileId: versions.offlineInstallerFileId,
        offlineInstallerBuiltAt: versions.offlineInstallerBuiltAt,
        releaseDate: versions.releaseDate,
      },
    );
    const removed = await tx
      .delete(versionFamilies)
      .where(and(eq(versionFamilies.version, version.name), notInFamilies(version.families)))
      .returning({ family: versionFamilies.family });
    const added =
      version.families.length === 0
        ? []
        : await tx
            .insert(versionFamilies)
            .values(version.families.map((family) => ({ version: version.name, family })))
            .onConflictDoNothing()
            .returning({ family: versionFamilies.family });
    // A version whose only change is its availability has changed too.
    if (outcome === 'unchanged' && removed.length + added.length > 0) outcome = 'changed';
    count(changes, outcome);
  }
  return changes;
}

function notInFamilies(families: string[]): SQL | undefined {
  return families.length === 0 ? undefined : notInArray(versionFamilies.family, families);
}

/** Registration IDs (Cornerstone) and key IDs (ChromaTOF), stored only as keyed digests. */
export async function upsertRegistrations(
  tx: DatabaseExecutor,
  manifest: Pick<CatalogueManifest, 'registrations' | 'keyIds'>,
  digestOf: (credential: { scheme: 'hasp' | 'rainbow'; id: string }) => string,
): Promise<Changes> {
  const rows = [
    ...manifest.registrations.map((registration) => ({
      idDigest: digestOf({ scheme: 'hasp', id: registration.registrationId }),
      scheme: 'hasp' as const,
      family: registration.family,
      flags: registration.flags ?? [],
      product: null,
      downloads: [],
      revoked: registration.revoked ?? false,
    })),
    ...(manifest.keyIds ?? []).map((key) => ({
      idDigest: digestOf({ scheme: 'rainbow', id: key.keyId }),
      scheme: 'rainbow' as const,
      family: null,
      flags: [],
      product: key.product,
      downloads: key.downloads ?? [key.product],
      revoked: key.revoked ?? false,
    })),
  ];
  return upsertEach(tx, registrations, rows, registrations.idDigest, {
    scheme: registrations.scheme,
    family: registrations.family,
    flags: registrations.flags,
    product: registrations.product,
    downloads: registrations.downloads,
    revoked: registrations.revoked,
  });
}

export function upsertPibs(
  tx: DatabaseExecutor,
  manifestPibs: CatalogueManifest['pibs'],
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  return upsertEach(
    tx,
    pibs,
    manifestPibs.map((pib) => ({
      product: pib.product,
      version: pib.version,
      internalVariant: pib.internalVariant,
      variant: pib.variant,
      fileId: fileIdOf(pib.file),
    })),
    [pibs.product, pibs.version, pibs.internalVariant],
    { variant: pibs.variant, fileId: pibs.fileId },
  );
}

export function upsertDsvs(
  tx: DatabaseExecutor,
  manifestDsvs: CatalogueManifest['dsvs'],
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  return upsertEach(
    tx,
    dsvs,
    manifestDsvs.map((dsv) => ({ key: dsv.key, version: dsv.version, fileId: fileIdOf(dsv.file) })),
    dsvs.key,
    { version: dsvs.version, fileId: dsvs.fileId },
  );
}

/** Release notes by product and version: one published file each. */
export function upsertReleaseNotes(
  tx: DatabaseExecutor,
  manifestReleaseNotes: CatalogueManifest['releaseNotes'],
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  return upsertEach(
    tx,
    releaseNotes,
    (manifestReleaseNotes ?? []).map((note) => ({
      product: note.product,
      version: note.version,
      fileId: fileIdOf(note.file),
    })),
    [releaseNotes.product, releaseNotes.version],
    { fileId: releaseNotes.fileId },
  );
}

/** Option codes and their descriptions, by code. */
export function upsertOptions(tx: DatabaseExecutor, manifestOptions: CatalogueManifest['options']): Promise<Changes> {
  return upsertEach(
    tx,
    options,
    (manifestOptions ?? []).map((option) => ({ code: option.code, description: option.description })),
    options.code,
    { description: options.description },
  );
}

/** Product configurations, by family, version and product; an absent list is an empty one. */
export function upsertConfigurations(
  tx: DatabaseExecutor,
  manifestConfigurations: CatalogueManifest['configurations'],
): Promise<Changes> {
  return upsertEach(
    tx,
    configurations,
    (manifestConfigurations ?? []).map((configuration) => ({
      friendlyFamily: configuration.friendlyFamily,
      currentVersion: configuration.currentVersion,
      product: configuration.product,
      packages: configuration.packages ?? '',
      trueOptions: configuration.trueOptions ?? '',
      falseOptions: configuration.falseOptions ?? '',
      expirableOptions: configuration.expirableOptions ?? '',
      trueRanges: configuration.trueRanges ?? '',
      trueAnalytes: configuration.trueAnalytes ?? '',
    })),
    [configurations.friendlyFamily, configurations.currentVersion, configurations.product],
    {
      packages: configurations.packages,
      trueOptions: configurations.trueOptions,
      falseOptions: configurations.falseOptions,
      expirableOptions: configurations.expirableOptions,
      trueRanges: configurations.trueRanges,
      trueAnalytes: configurations.trueAnalytes,
    },
  );
}
type ChromatofReleases = NonNullable<CatalogueManifest['chromatof']>['releases'];

/** ChromaTOF releases by product and version. */
export function upsertChromatofReleases(tx: DatabaseExecutor, releases: ChromatofReleases): Promise<Changes> {
  return upsertEach(
    tx,
    chromatofReleases,
    releases.map((release) => ({
      product: release.product,
      version: release.version,
      releaseDate: release.releaseDate ?? null,
    })),
    [chromatofReleases.product, chromatofReleases.version],
    { releaseDate: chromatofReleases.releaseDate },
  );
}

/**
 * The files of each release, by label. A release's files are the ones its manifest entry
 * lists: a label it no longer lists is removed (counted as changed), as a version's
 * families are replaced.
 */
export async function upsertChromatofReleaseFiles(
  tx: DatabaseExecutor,
  releases: ChromatofReleases,
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  const changes = await upsertEach(
    tx,
    chromatofReleaseFiles,
    releases.flatMap((release) =>
      release.files.map((entry) => ({
        product: release.product,
        version: release.version,
        label: entry.label,
        kind: entry.kind,
        fileId: fileIdOf(entry.file),
      })),
    ),
    [chromatofReleaseFiles.product, chromatofReleaseFiles.version, chromatofReleaseFiles.label],
    { kind: chromatofReleaseFiles.kind, fileId: chromatofReleaseFiles.fileId },
  );
  for (const release of releases) {
    const removed = await tx
      .delete(chromatofReleaseFiles)
      .where(
        and(
          eq(chromatofReleaseFiles.product, release.product),
          eq(chromatofReleaseFiles.version, release.version),
          notInArray(
            chromatofReleaseFiles.label,
            release.files.map((entry) => entry.label),
          ),
        ),
      )
      .returning({ label: chromatofReleaseFiles.label });
    changes.changed += removed.length;
  }
  return changes;
}

/** Firmware releases (docs/firmware.md), keyed by version name across every instrument. */
export function upsertFirmwareReleases(
  tx: DatabaseExecutor,
  manifestFirmware: CatalogueManifest['firmware'],
  releaseNotesOf: (version: string) => string,
  fileIdOf: (file: ManifestFile) => string,
): Promise<Changes> {
  return upsertEach(
    tx,
    firmwareReleases,
    (manifestFirmware ?? []).map((release) => ({
      version: release.version,
      instrument: release.instrument,
      releaseDate: release.releaseDate,
      releaseNotes: releaseNotesOf(release.version),
      updateFileId: fileIdOf(release.update),
    })),
    firmwareReleases.version,
    {
      instrument: firmwareReleases.instrument,
      releaseDate: firmwareReleases.releaseDate,
      releaseNotes: firmwareReleases.releaseNotes,
      updateFileId: firmwareReleases.updateFileId,
    },
  );
}

/**
 * Issues the next firmware metadata file from every firmware release the transaction sees,
 * so it is committed, or rolled back, with the publish. Every publish issues one (with a
 * new expiry), once any firmware has been published; answers its sequence number.
 */
export async function issueFirmwareMetadata(tx: DatabaseExecutor, issuedAt: Date): Promise<number | null> {
  // Two publishes at once take turns, so sequence numbers follow commit order.
  await tx.execute(sql`LOCK TABLE firmware_metadata IN EXCLUSIVE MODE`);
  const releases = await tx
    .select({
      instrument: firmwareReleases.instrument,
      version: firmwareReleases.version,
      releaseDate: firmwareReleases.releaseDate,
      releaseNotes: firmwareReleases.releaseNotes,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
    })
    .from(firmwareReleases)
    .innerJoin(files, eq(files.id, firmwareReleases.updateFileId));
  if (releases.length === 0) return null;
  const [{ last }] = (await tx.select({ last: max(firmwareMetadata.sequence) }).from(firmwareMetadata)) as [
    { last: number | null },
  ];
  const sequence = Number(last ?? 0) + 1;
  const latest = new Map<string, (typeof releases)[number]>();
  for (const release of releases) {
    const current = latest.get(release.instrument);
    if (!current || compareVersions(release.version, current.version) > 0) latest.set(release.instrument, release);
  }
  const instruments = [...latest.keys()].sort();
  const document: FirmwareMetadata = {
    latestVersions: Object.fromEntries(instruments.map((instrument) => [instrument, latest.get(instrument)!.version])),
    releases: Object.fromEntries(
      instruments.map((instrument) => {
        const release = latest.get(instrument)!;
        return [
          instrument,
          {
            version: release.version,
            releaseDate: release.releaseDate,
            sizeBytes: release.sizeBytes,
            sha256: release.sha256.trim(),
            releaseNotes: release.releaseNotes,
            url: firmwareUpdatePath(release.version),
          },
        ];
      }),
    ),
    sequence,
    issuedAt: issuedAt.toISOString(),
    expires: new Date(issuedAt.getTime() + FIRMWARE_METADATA_VALID_DAYS * 86_400_000).toISOString(),
  };
  await tx.insert(firmwareMetadata).values({ sequence, document: `${JSON.stringify(document, null, 2)}\n`, issuedAt });
  return sequence;
}

type PasswordResetSection = NonNullable<CatalogueManifest['passwordReset']>;

/**
 * Whether each registration requires authorized admins, and its first admin list: a list a
 * manager has saved in the portal is kept (decision 077). Addresses are canonical (checked).
 */
export async function upsertPasswordResetRegistrations(
  tx: DatabaseExecutor,
  section: PasswordResetSection,
  digestOf: (credential: { scheme: 'hasp'; id: string }) => string,
): Promise<Changes> {
  const changes = emptyChanges();
  for (const entry of section) {
    const emails = (entry.authorizedAdminEmails ?? []).map((email) => canonicalEmail(email)!);
    const rows = await tx
      .insert(passwordResetRegistrations)
      .values({
        registrationDigest: digestOf({ scheme: 'hasp', id: entry.registrationId }),
        requiresAuthorizedAdmins: entry.requiresAuthorizedAdmins,
        authorizedAdminEmails: emails,
      })
      .onConflictDoUpdate({
        target: passwordResetRegistrations.registrationDigest,
        set: {
          requiresAuthorizedAdmins: sql`excluded.requires_authorized_admins`,
          authorizedAdminEmails: sql`CASE WHEN ${passwordResetRegistrations.adminsChangedAt} IS NULL THEN excluded.authorized_admin_emails ELSE ${passwordResetRegistrations.authorizedAdminEmails} END`,
        },
        setWhere: sql`${passwordResetRegistrations.requiresAuthorizedAdmins} IS DISTINCT FROM excluded.requires_authorized_admins OR (${passwordResetRegistrations.adminsChangedAt} IS NULL AND ${passwordResetRegistrations.authorizedAdminEmails} IS DISTINCT FROM excluded.authorized_admin_emails)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    count(changes, rows.length === 0 ? 'unchanged' : rows[0]!.inserted ? 'added' : 'changed');
  }
  return changes;
}

/** The managers of each registration the section names: exactly the listed staff addresses. */
export async function upsertRegistrationManagers(
  tx: DatabaseExecutor,
  section: PasswordResetSection,
  digestOf: (credential: { scheme: 'hasp'; id: string }) => string,
): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  for (const entry of section) {
    const registrationDigest = digestOf({ scheme: 'hasp', id: entry.registrationId });
    const managers = (entry.managers ?? []).map((email) => canonicalEmail(email)!);
    removed += (
      await tx
        .delete(registrationManagers)
        .where(
          and(
            eq(registrationManagers.registrationDigest, registrationDigest),
            managers.length === 0 ? undefined : notInArray(registrationManagers.staffEmail, managers),
          ),
        )
        .returning({ staffEmail: registrationManagers.staffEmail })
    ).length;
    if (managers.length === 0) continue;
    added += (
      await tx
        .insert(registrationManagers)
        .values(managers.map((staffEmail) => ({ registrationDigest, staffEmail })))
        .onConflictDoNothing()
        .returning({ staffEmail: registrationManagers.staffEmail })
    ).length;
  }
  return { added, removed };
}
