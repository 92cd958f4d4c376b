import type { CatalogueManifest } from '@portal/contracts';

/**
 * A catalogue.json adding one Cornerstone 2.10.0 PIB (which the demo registration DEMO-CS-1001
 * may see) and nothing else: what a test publishes when it needs one new entry with one file.
 * `path` is the file's path in an import folder, or its SHA-256 in a draft.
 */
export function onePibManifest(pib: { internalVariant: string; variant: string; path: string; name?: string }) {
  return {
    families: ['CS'],
    versions: [],
    registrations: [],
    pibs: [
      {
        product: 'Cornerstone',
        version: '2.10.0',
        internalVariant: pib.internalVariant,
        variant: pib.variant,
        file: { path: pib.path, ...(pib.name === undefined ? {} : { name: pib.name }) },
      },
    ],
    dsvs: [],
  } satisfies CatalogueManifest;
}
