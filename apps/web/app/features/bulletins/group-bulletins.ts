import { compareVersions, type Pib } from '@portal/contracts';

export interface VariantGroup {
  variant: string;
  pibs: Pib[];
}

const byName = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** PIBs of one product, grouped by variant (variants by name), each group by version, newest first (SPEC §2). */
export function groupBulletins(pibs: readonly Pib[], product: string): VariantGroup[] {
  const groups = new Map<string, Pib[]>();
  for (const pib of pibs) {
    if (pib.product !== product) continue;
    groups.set(pib.variant, [...(groups.get(pib.variant) ?? []), pib]);
  }
  return [...groups]
    .sort(([a], [b]) => byName.compare(a, b))
    .map(([variant, list]) => ({ variant, pibs: list.sort((x, y) => compareVersions(y.version, x.version)) }));
}
