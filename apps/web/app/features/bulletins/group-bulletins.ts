import { compareVersions, type Pib } from '@portal/contracts';
import { compareNames } from '../../shared/compare-names';

export interface VariantGroup {
  variant: string;
  pibs: Pib[];
}

/** PIBs of one product, grouped by variant (variants by name), each group by version, newest first (SPEC §2). */
export function groupBulletins(pibs: readonly Pib[], product: string): VariantGroup[] {
  const groups = new Map<string, Pib[]>();
  for (const pib of pibs) {
    if (pib.product !== product) continue;
    groups.set(pib.variant, [...(groups.get(pib.variant) ?? []), pib]);
  }
  return [...groups]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([variant, list]) => ({ variant, pibs: list.sort((x, y) => compareVersions(y.version, x.version)) }));
}
