import {
  compareVersions,
  FIRMWARE_INSTRUMENT_NAMES,
  type FirmwareInstrumentName,
  releaseReferenceKey,
  releaseReferenceLabel,
  type PublishedRelease,
  type ReleaseReference,
} from '@portal/contracts';
import type { CatalogueSnapshot } from './catalogue-snapshot';

/**
 * Every release the catalogue has published, named as `ReleaseReference`s: what an advisory
 * may name as affected or fixed, what an SBOM belongs to (docs/decisions/200-release-references.md).
 * A release whose every file is withdrawn is listed with `withdrawn: true`: an advisory or a
 * component search still names it; no lookup offers it.
 *
 * Cornerstone newest first, then ChromaTOF by product and newest first, then firmware by
 * series (in the order of FIRMWARE_INSTRUMENT_NAMES) and newest first.
 */
export function publishedReleases(snapshot: CatalogueSnapshot): PublishedRelease[] {
  const all = snapshot.asPublished;
  const release = (reference: ReleaseReference, releaseDate: string | null, live: boolean): PublishedRelease => ({
    reference,
    key: releaseReferenceKey(reference),
    label: releaseReferenceLabel(reference),
    releaseDate,
    withdrawn: !live,
  });
  const liveChromatof = new Set(snapshot.chromatofReleases.map(({ product, version }) => `${product}\n${version}`));
  const cornerstone = [...all.versions.values()]
    .sort((a, b) => compareVersions(b.name, a.name))
    .map((version) =>
      release(
        { kind: 'cornerstone', version: version.name },
        version.releaseDate,
        // A version without an installer was never one to withdraw; one whose installer left is withdrawn.
        !version.offlineInstaller || snapshot.versions.get(version.name)?.offlineInstaller !== undefined,
      ),
    );
  const chromatof = [...all.chromatofReleases]
    .sort((a, b) => a.product.localeCompare(b.product, 'en') || compareVersions(b.version, a.version))
    .map(({ product, version, releaseDate }) =>
      release({ kind: 'chromatof', product, version }, releaseDate, liveChromatof.has(`${product}\n${version}`)),
    );
  const series = (instrument: string) => FIRMWARE_INSTRUMENT_NAMES.indexOf(instrument as FirmwareInstrumentName);
  const firmware = [...all.firmware.releases.values()]
    .filter((entry) => series(entry.instrument) >= 0)
    .sort((a, b) => series(a.instrument) - series(b.instrument) || compareVersions(b.version, a.version))
    .map(({ instrument, version, releaseDate }) =>
      release(
        { kind: 'firmware', instrument: instrument as FirmwareInstrumentName, version },
        releaseDate,
        snapshot.firmware.releases.has(version),
      ),
    );
  return [...cornerstone, ...chromatof, ...firmware];
}

/** The published release a reference names, or undefined when the catalogue has none such. */
export function findPublishedRelease(
  snapshot: CatalogueSnapshot,
  reference: ReleaseReference,
): PublishedRelease | undefined {
  const key = releaseReferenceKey(reference);
  return publishedReleases(snapshot).find((release) => release.key === key);
}

/**
 * The IDs of the files a release is made of, withdrawn ones too: a Cornerstone version's
 * offline installer, a ChromaTOF release's files, a firmware release's update. Not its SBOM,
 * which follows them (docs/sbom.md#withdrawn-with-its-installer). Empty for a release the
 * catalogue does not have.
 */
export function releaseFileIds(snapshot: CatalogueSnapshot, reference: ReleaseReference): string[] {
  const all = snapshot.asPublished;
  switch (reference.kind) {
    case 'cornerstone': {
      const installer = all.versions.get(reference.version)?.offlineInstaller;
      return installer ? [installer.id] : [];
    }
    case 'chromatof': {
      const release = all.chromatofReleases.find(
        ({ product, version }) => product === reference.product && version === reference.version,
      );
      return release?.files.map(({ file }) => file.id) ?? [];
    }
    case 'firmware': {
      const release = all.firmware.releases.get(reference.version);
      return release?.instrument === reference.instrument ? [release.update.id] : [];
    }
  }
}
