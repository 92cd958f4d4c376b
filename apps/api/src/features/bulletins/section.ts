import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CatalogueSection, FileRecord } from '../../plugins/catalogue/section-kit';
import { upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { pibs } from './bulletins-tables';

/** The bulletins feature's section of the catalogue (plugins/catalogue/sections.ts): PIBs. */

export interface PibRecord {
  product: string;
  version: string;
  internalVariant: string;
  variant: string;
  file: FileRecord;
}

/** PIBs by product, version and internal variant. */
export const bulletinsSection = {
  check(manifest, problems) {
    problems.duplicates(
      'pibs',
      manifest.pibs.map((pib) => `${pib.product} ${pib.version} ${pib.internalVariant}`),
    );
  },

  files: (manifest) => manifest.pibs.map((pib) => pib.file),

  async upsert(tx, manifest, { fileIdOf }) {
    return {
      pibs: await upsertEach(
        tx,
        pibs,
        manifest.pibs.map((pib) => ({
          product: pib.product,
          version: pib.version,
          internalVariant: pib.internalVariant,
          variant: pib.variant,
          fileId: fileIdOf(pib.file),
        })),
        [pibs.product, pibs.version, pibs.internalVariant],
        { variant: pibs.variant, fileId: pibs.fileId },
      ),
    };
  },

  async load(db) {
    const rows = await db.select().from(pibs);
    return (fileById) => ({
      // fileById holds the live files: a withdrawn PIB leaves the lookups (docs/publishing.md).
      pibs: rows.filter((pib) => fileById.has(pib.fileId)).map((pib) => ({ ...pib, file: fileById.get(pib.fileId)! })),
    });
  },

  recorded: { pibs },
} satisfies CatalogueSection<{ pibs: Changes }, { pibs: PibRecord[] }>;

/** For the Usage screen: the PIB `fileId` is, as (product, version), if any. */
export function pibOf(fileId: SQLWrapper): SQL {
  return sql`SELECT ${pibs.product} || ' PIB' AS product, ${pibs.version} AS version FROM ${pibs} WHERE ${pibs.fileId} = ${fileId}`;
}
