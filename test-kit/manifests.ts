import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * A new folder under `workDir` publishing one offline installer per version (`<version>.zip`,
 * its bytes as given) for family CS, seen by `registrationId`: an import folder for a test.
 */
export async function installersFolder(workDir: string, files: Record<string, Buffer>, registrationId: string) {
  const folder = await mkdtemp(path.join(workDir, 'publish-'));
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(folder, `${name}.zip`), bytes);
  const manifest: CatalogueManifest = {
    families: ['CS'],
    versions: Object.keys(files).map((name) => ({
      name,
      families: ['CS'],
      offlineInstaller: { path: `${name}.zip` },
    })),
    registrations: [{ registrationId, family: 'CS' }],
    pibs: [],
    dsvs: [],
  };
  await writeFile(path.join(folder, 'catalogue.json'), JSON.stringify(manifest));
  return folder;
}
