// Writes docs/catalogue-manifest.schema.json from the TypeBox schema in contracts, the one
// the import command validates with: `npx tsx apps/api/scripts/write-manifest-schema.ts`.
import { CatalogueManifest } from '@portal/contracts';
import { writeFileSync } from 'node:fs';

export const MANIFEST_SCHEMA_FILE = new URL('../../../docs/catalogue-manifest.schema.json', import.meta.url);

export function manifestJsonSchema(): string {
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...CatalogueManifest };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(MANIFEST_SCHEMA_FILE, manifestJsonSchema());
}
