import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { checkDocument, documentRecord, documentValues, type DocumentRecord } from '../../plugins/catalogue/documents';
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
  document: DocumentRecord;
}

/** PIBs by product, version and internal variant; a revision or effective date out of its form is named. */
export const bulletinsSection = {
  check(manifest, problems) {
    problems.duplicates(
      'pibs',
      manifest.pibs.map((pib) => `${pib.product} ${pib.version} ${pib.internalVariant}`),
    );
    manifest.pibs.forEach((pib, index) => checkDocument(problems, `pibs[${index}]`, pib));
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
          ...documentValues(pib),
        })),
        [pibs.product, pibs.version, pibs.internalVariant],
        {
          variant: pibs.variant,
          fileId: pibs.fileId,
          documentNumber: pibs.documentNumber,
          documentTitle: pibs.documentTitle,
          revision: pibs.revision,
          effectiveDate: pibs.effectiveDate,
        },
      ),
    };
  },

  async load(db) {
    const rows = await db.select().from(pibs);
    return (fileById) => ({
      // fileById holds the live files: a withdrawn PIB leaves the lookups (docs/publishing.md).
      pibs: rows
        .filter((pib) => fileById.has(pib.fileId))
        .map((pib) => ({
          product: pib.product,
          version: pib.version,
          internalVariant: pib.internalVariant,
          variant: pib.variant,
          file: fileById.get(pib.fileId)!,
          document: documentRecord(pib),
        })),
    });
  },

  recorded: { pibs },
} satisfies CatalogueSection<{ pibs: Changes }, { pibs: PibRecord[] }>;

/** For the Usage screen: the PIB `fileId` is, as (product, version, source), if any. */
export function pibOf(fileId: SQLWrapper): SQL {
  return sql`SELECT ${pibs.product} || ' PIB' AS product, ${pibs.version} AS version, 'pib' AS source FROM ${pibs} WHERE ${pibs.fileId} = ${fileId}`;
}
