import { CatalogueManifest } from '@portal/contracts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCHEMA_FILE, manifestJsonSchema } from '../../../scripts/write-manifest-schema';
import { DEMO_CATALOGUE_DIR } from '../../paths';

describe('the catalogue manifest', () => {
  it('is documented by docs/catalogue-manifest.schema.json, kept in step with contracts', async () => {
    const documented = JSON.parse(await readFile(MANIFEST_SCHEMA_FILE, 'utf8'));
    // Out of step? Run: npx tsx apps/api/scripts/write-manifest-schema.ts
    expect(documented).toEqual(JSON.parse(manifestJsonSchema()));
  });

  it('accepts the demo catalogue', async () => {
    const demo = JSON.parse(await readFile(path.join(DEMO_CATALOGUE_DIR, 'catalogue.json'), 'utf8'));
    expect([...Value.Errors(CatalogueManifest, demo)]).toEqual([]);
  });
});
