import {
  FIRMWARE_INSTRUMENT_NAMES,
  releaseProductName,
  sortVersionsNewestFirst,
  type PublishedRelease,
} from '@portal/contracts';

/** The releases of one product as the pickers offer them: Cornerstone, each ChromaTOF product, each firmware series. */
export interface ReleaseGroup {
  title: string;
  releases: PublishedRelease[];
}

/** Where a group stands: Cornerstone, then ChromaTOF products by name, then the firmware series in the catalogue's order. */
function groupRank(release: PublishedRelease): string {
  const { reference } = release;
  if (reference.kind === 'cornerstone') return '0';
  if (reference.kind === 'chromatof') return `1 ${reference.product}`;
  return `2 ${FIRMWARE_INSTRUMENT_NAMES.indexOf(reference.instrument)}`;
}

/** The catalogue's releases by product, newest first in each. */
export function groupReleases(releases: readonly PublishedRelease[]): ReleaseGroup[] {
  const groups = new Map<string, { rank: string; releases: PublishedRelease[] }>();
  for (const release of releases) {
    const title = releaseProductName(release.reference);
    const group = groups.get(title) ?? { rank: groupRank(release), releases: [] };
    group.releases.push(release);
    groups.set(title, group);
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(([title, group]) => ({
      title,
      releases: sortVersionsNewestFirst(group.releases, (release) => release.reference.version),
    }));
}

/** A release key's label: the catalogue's, or the key itself for one the catalogue does not hold. */
export function releaseLabel(releases: readonly PublishedRelease[], key: string): string {
  return releases.find((release) => release.key === key)?.label ?? key;
}
