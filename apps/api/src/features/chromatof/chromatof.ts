import {
  CHROMATOF_PATHS,
  compareVersions,
  type ChromatofDownload,
  type ChromatofDownloadParams,
  type ChromatofFileKind,
  type HalLinks,
  type LatestVersions,
  sbomTitle,
} from '@portal/contracts';
import type {
  CatalogueSnapshot,
  ChromatofReleaseRecord,
  RegistrationRecord,
} from '../../plugins/catalogue/catalogue-snapshot';
import type { DownloadLinks, Grant } from '../../plugins/download-links';
import { fileDetails } from '../../plugins/catalogue/file-details';
import { affectedByOf, type AffectedByMarks } from '../security-advisories/queries';
import { SBOM_DOWNLOAD_LABEL, sbomOf } from '../sboms/queries';
import { downloadableReleases } from './queries';

/**
 * The ChromaTOF download lookup (docs/decisions/060-chromatof-download-lookup.md): the
 * products a key ID may download, a product's downloads, one download. A product the key
 * may not download is answered as if it did not exist.
 */

const byName = new Intl.Collator('en', { numeric: true }).compare;

/** The products of the key's `downloads` that have a release, by name. */
export function downloadableProducts(snapshot: CatalogueSnapshot, key: RegistrationRecord): string[] {
  const published = new Set(snapshot.chromatofReleases.map((release) => release.product));
  return key.downloads.filter((product) => published.has(product)).sort(byName);
}

/** A product's releases if the key may download it; undefined otherwise (the route's 404). */
function releasesOf(snapshot: CatalogueSnapshot, key: RegistrationRecord, product: string) {
  const releases = downloadableReleases(snapshot, key).filter((release) => release.product === product);
  return releases.length > 0 ? releases.sort((a, b) => compareVersions(b.version, a.version)) : undefined;
}

export function productsDocument(snapshot: CatalogueSnapshot, key: RegistrationRecord): HalLinks {
  return {
    _links: Object.fromEntries(
      downloadableProducts(snapshot, key).map((product) => [
        product,
        { href: pathOf(CHROMATOF_PATHS.productDownloads, { product }), title: product },
      ]),
    ),
  };
}

/** Every file of every release of the product, newest release first; undefined when the key may not download it. */
export function productDocument(
  snapshot: CatalogueSnapshot,
  key: RegistrationRecord,
  product: string,
): HalLinks | undefined {
  const releases = releasesOf(snapshot, key, product);
  if (!releases) return undefined;
  return {
    _links: Object.fromEntries(
      releases.flatMap((release) => {
        const sbom = sbomOf(snapshot, { kind: 'chromatof', product, version: release.version });
        const labels: [label: string, title: string][] = [
          ...release.files.map((entry): [string, string] => [entry.label, downloadLabel(release, entry.label)]),
          // The release's SBOM follows its files (docs/sbom.md).
          ...(sbom
            ? [
                [SBOM_DOWNLOAD_LABEL, downloadLabel(release, sbomTitle(sbom.format, sbom.componentCount))] as [
                  string,
                  string,
                ],
              ]
            : []),
        ];
        return labels.map(([label, title]) => {
          const params = { product, version: release.version, label };
          return [title, { href: pathOf(CHROMATOF_PATHS.download, params), title }];
        });
      }),
    ),
  };
}

/** One file of a release (or its SBOM), with the advisories that affect the release (from the prebuilt marks). */
export function downloadDocument(
  snapshot: CatalogueSnapshot,
  key: RegistrationRecord,
  params: ChromatofDownloadParams,
  links: DownloadLinks,
  grant: Grant,
  marks: AffectedByMarks,
): ChromatofDownload | undefined {
  const release = releasesOf(snapshot, key, params.product)?.find((candidate) => candidate.version === params.version);
  if (release && params.label === SBOM_DOWNLOAD_LABEL)
    return sbomDocument(snapshot, release, params, links, grant, marks);
  const entry = release?.files.find((candidate) => candidate.label === params.label);
  if (!release || !entry) return undefined;
  return {
    label: downloadLabel(release, entry.label),
    product: release.product,
    version: release.version,
    kind: entry.kind,
    uri: links.sign(entry.file, grant),
    ...fileDetails(entry.file),
    releaseDate: release.releaseDate,
    affectedBy: affectedByOf(marks, { kind: 'chromatof', product: release.product, version: release.version }),
    _links: { self: { href: pathOf(CHROMATOF_PATHS.download, params) } },
  };
}

/** A release's SBOM as one more download, behind a link signed for the key as its installer's is. */
function sbomDocument(
  snapshot: CatalogueSnapshot,
  release: ChromatofReleaseRecord,
  params: ChromatofDownloadParams,
  links: DownloadLinks,
  grant: Grant,
  marks: AffectedByMarks,
): ChromatofDownload | undefined {
  const sbom = sbomOf(snapshot, { kind: 'chromatof', product: release.product, version: release.version });
  if (!sbom) return undefined;
  return {
    label: downloadLabel(release, sbomTitle(sbom.format, sbom.componentCount)),
    product: release.product,
    version: release.version,
    kind: 'sbom',
    sbom: { format: sbom.format, componentCount: sbom.componentCount },
    uri: links.sign(sbom.file, grant),
    ...fileDetails(sbom.file),
    releaseDate: release.releaseDate,
    affectedBy: affectedByOf(marks, { kind: 'chromatof', product: release.product, version: release.version }),
    _links: { self: { href: pathOf(CHROMATOF_PATHS.download, params) } },
  };
}

/** What a download is called (SPEC §3: its name is the resource's label): 'ChromaTOF 6.1.0 Installer'. */
function downloadLabel(release: ChromatofReleaseRecord, label: string): string {
  return `${release.product} ${release.version} ${label}`;
}

function pathOf(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
}

const KIND_COLUMNS: { kind: ChromatofFileKind; title: string }[] = [
  { kind: 'installer', title: 'Installer' },
  { kind: 'manual', title: 'Manual' },
  { kind: 'releaseNotes', title: 'Release notes' },
];

/**
 * The latest release of each product (SPEC §3, §7: index 0 the product, index 2 the
 * version), then whether it has an installer, a manual, release notes; by product name,
 * then version newest first (SPEC §9).
 */
export function latestVersions(snapshot: CatalogueSnapshot): LatestVersions {
  const latest = new Map<string, ChromatofReleaseRecord>();
  for (const release of snapshot.chromatofReleases) {
    const current = latest.get(release.product);
    if (!current || compareVersions(release.version, current.version) > 0) latest.set(release.product, release);
  }
  const rows = [...latest.values()]
    .sort((a, b) => byName(a.product, b.product) || compareVersions(b.version, a.version))
    .map((release) => [
      release.product,
      release.releaseDate,
      release.version,
      ...KIND_COLUMNS.map(({ kind }) => release.files.some((entry) => entry.kind === kind)),
    ]);
  return { header: ['Product', 'Released', 'Version', ...KIND_COLUMNS.map(({ title }) => title)], rows };
}
