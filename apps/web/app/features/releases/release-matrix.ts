import {
  CORNERSTONE_PRODUCT,
  DEV_FAMILY,
  sortVersionsNewestFirst,
  type Pib,
  type ReleaseDates,
  type Versions,
} from '@portal/contracts';

/** The query parameter of the switch; absent means on (SPEC §9: the default is true). */
const ONLY_WITH_DOWNLOADS_PARAM = 'onlyWithDownloads';
const ONLY_WITH_DOWNLOADS_OFF = 'false';

export function onlyWithDownloads(search: string): boolean {
  return new URLSearchParams(search).get(ONLY_WITH_DOWNLOADS_PARAM) !== ONLY_WITH_DOWNLOADS_OFF;
}

/** Families the matrix never shows (SPEC §6). */
const HIDDEN_FAMILIES = new Set([DEV_FAMILY]);

export interface MatrixRow {
  version: string;
  /** The families of the matrix that this version is available to. */
  availableTo: Set<string>;
  /** The version's Cornerstone PIBs, by variant. */
  pibs: Pib[];
  /** YYYY-MM-DD, or null when none was published. */
  releaseDate: string | null;
}

export interface ReleaseMatrix {
  /** Column families, sorted; Dev excluded. */
  families: string[];
  /** Newest first. */
  rows: MatrixRow[];
}

/**
 * The Releases & PIBs matrix (SPEC §2). With `onlyWithDownloads`, the rows are the versions
 * with an offline installer that at least one shown family has; without it, versions that
 * have PIBs but no installer join them, whether or not the catalogue lists them as versions.
 * A version only Dev has never shows.
 */
export function releaseMatrix(
  versions: Versions,
  pibs: readonly Pib[],
  releaseDates: ReleaseDates,
  { onlyWithDownloads }: { onlyWithDownloads: boolean },
): ReleaseMatrix {
  const families = [...new Set(Object.values(versions).flatMap((version) => Object.keys(version.families)))]
    .filter((family) => !HIDDEN_FAMILIES.has(family))
    .sort();

  const pibsByVersion = new Map<string, Pib[]>();
  for (const pib of pibs) {
    if (pib.product !== CORNERSTONE_PRODUCT) continue;
    pibsByVersion.set(pib.version, [...(pibsByVersion.get(pib.version) ?? []), pib]);
  }

  const rows: MatrixRow[] = [];
  const row = (version: string, availableTo: Set<string>): MatrixRow => ({
    version,
    availableTo,
    pibs: [...(pibsByVersion.get(version) ?? [])].sort((a, b) => a.variant.localeCompare(b.variant, 'en-US')),
    releaseDate: releaseDates[version] ?? null,
  });
  for (const summary of Object.values(versions)) {
    const availableTo = new Set(families.filter((family) => summary.families[family] === true));
    if (availableTo.size === 0) continue;
    const hasInstaller = summary.offlineInstaller !== null;
    if (hasInstaller || (!onlyWithDownloads && pibsByVersion.has(summary.name))) {
      rows.push(row(summary.name, availableTo));
    }
  }
  if (!onlyWithDownloads) {
    for (const version of pibsByVersion.keys()) {
      if (!(version in versions)) rows.push(row(version, new Set()));
    }
  }
  return { families, rows: sortVersionsNewestFirst(rows, (item) => item.version) };
}
