import { compareVersions, type Configuration, type Option } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every option, by code. */
export function optionsOf(snapshot: CatalogueSnapshot): Option[] {
  return snapshot.options
    .map(({ code, description }) => ({ code, description }))
    .sort((a, b) => byText(a.code, b.code));
}

/** Every configuration: by family, then version newest first (SPEC §9), then product. */
export function configurationsOf(snapshot: CatalogueSnapshot): Configuration[] {
  return snapshot.configurations
    .map((configuration) => ({ ...configuration }))
    .sort(
      (a, b) =>
        byText(a.friendlyFamily, b.friendlyFamily) ||
        compareVersions(b.currentVersion, a.currentVersion) ||
        byText(a.product, b.product),
    );
}
