import { compareVersions, type Pib } from '@portal/contracts';

export interface VariantGroup {
  variant: string;
  pibs: Pib[];
}

/**
 * Made on first use: a collator loads the browser's collation data, a long task on a slow
 * phone, and one variant (the usual answer) is never compared (decision 165).
 */
let byName: Intl.Collator | undefined;
const compareNames = (a: string, b: string) =>
  (byName ??= new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })).compare(a, b);

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
