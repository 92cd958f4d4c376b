import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { checkDocument, documentRecord, documentValues, type DocumentRecord } from '../../plugins/catalogue/documents';
import type { CatalogueSection, FileRecord } from '../../plugins/catalogue/section-kit';
import { upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { dsvs } from './validation-docs-tables';

/** The validation-docs feature's section of the catalogue (plugins/catalogue/sections.ts): DSVs. */

export interface DsvRecord {
  key: string;
  version: string;
  file: FileRecord;
  document: DocumentRecord;
}

/** DSVs by key; a revision or effective date out of its form is named. */
export const validationDocsSection = {
  check(manifest, problems) {
    problems.duplicates(
      'dsvs',
      manifest.dsvs.map((dsv) => dsv.key),
    );
    manifest.dsvs.forEach((dsv, index) => checkDocument(problems, `dsvs[${index}]`, dsv));
  },

  files: (manifest) => manifest.dsvs.map((dsv) => dsv.file),

  async upsert(tx, manifest, { fileIdOf }) {
    return {
      dsvs: await upsertEach(
        tx,
        dsvs,
        manifest.dsvs.map((dsv) => ({
          key: dsv.key,
          version: dsv.version,
          fileId: fileIdOf(dsv.file),
          ...documentValues(dsv),
        })),
        dsvs.key,
        {
          version: dsvs.version,
          fileId: dsvs.fileId,
          documentNumber: dsvs.documentNumber,
          documentTitle: dsvs.documentTitle,
          revision: dsvs.revision,
          effectiveDate: dsvs.effectiveDate,
        },
      ),
    };
  },

  async load(db) {
    const rows = await db.select().from(dsvs);
    return (fileById) => ({
      dsvs: new Map(
        rows
          // fileById holds the live files: a withdrawn DSV leaves the lookups (docs/publishing.md).
          .filter((dsv) => fileById.has(dsv.fileId))
          .map((dsv) => [
            dsv.key,
            { key: dsv.key, version: dsv.version, file: fileById.get(dsv.fileId)!, document: documentRecord(dsv) },
          ]),
      ),
    });
  },

  recorded: { dsvs },
} satisfies CatalogueSection<{ dsvs: Changes }, { dsvs: Map<string, DsvRecord> }>;

/** For the Usage screen: the DSV `fileId` is, as (product, version, source), if any. */
export function dsvOf(fileId: SQLWrapper): SQL {
  return sql`SELECT 'Cornerstone DSV' AS product, ${dsvs.version} AS version, 'dsv' AS source FROM ${dsvs} WHERE ${dsvs.fileId} = ${fileId}`;
}
