import {
  decodeConfiguration,
  optionDescriptions,
  sortVersionsNewestFirst,
  type Configuration,
  type ConfigurationRow,
  type Option,
} from '@portal/contracts';

export interface ConfigurationTable {
  version: string;
  /** Columns shown only when a product of this version has any (SPEC §2); filtering does not change them. */
  showAnalytes: boolean;
  showPackages: boolean;
  /** The products that match the filter. */
  rows: ConfigurationRow[];
}

export interface ProductsOptions {
  /** Every family, sorted. */
  families: string[];
  /** The chosen family: the one asked for if it exists, else the first (SPEC §2). */
  family: string | undefined;
  /** One table per version of the family, newest first; versions with no match left out. */
  tables: ConfigurationTable[];
}

/** Does a row show the text anywhere: its product, or a description, package, analyte or range? Case ignored. */
export function rowMatches(row: ConfigurationRow, filter: string): boolean {
  const needle = filter.trim().toLocaleLowerCase('en-US');
  if (needle === '') return true;
  return [row.product, ...row.analytes, ...row.packages, ...row.defaultFeatures, ...row.optionalFeatures].some((text) =>
    text.toLocaleLowerCase('en-US').includes(needle),
  );
}

/** The Products & Options screen for a family and a filter, decoded from what the API answered. */
export function productsOptions(
  configurations: readonly Configuration[],
  options: readonly Option[],
  { family: asked, filter }: { family: string | null; filter: string },
): ProductsOptions {
  const families = [...new Set(configurations.map((configuration) => configuration.friendlyFamily))].sort();
  const family = asked !== null && families.includes(asked) ? asked : families[0];
  const descriptions = optionDescriptions(options);

  const byVersion = new Map<string, ConfigurationRow[]>();
  for (const configuration of configurations) {
    if (configuration.friendlyFamily !== family) continue;
    const rows = byVersion.get(configuration.currentVersion) ?? [];
    rows.push(decodeConfiguration(configuration, descriptions));
    byVersion.set(configuration.currentVersion, rows);
  }
  const tables = sortVersionsNewestFirst([...byVersion], ([version]) => version).map(([version, rows]) => ({
    version,
    showAnalytes: rows.some((row) => row.analytes.length > 0),
    showPackages: rows.some((row) => row.packages.length > 0),
    rows: rows
      .filter((row) => rowMatches(row, filter))
      .sort((a, b) => a.product.localeCompare(b.product, 'en-US', { numeric: true })),
  }));
  return { families, family, tables: tables.filter((table) => table.rows.length > 0) };
}
