import {
  CORNERSTONE_PRODUCT,
  DOCUMENT_DATE_PATTERN,
  DOCUMENT_REVISION_MAX_CHARS,
  DOCUMENT_REVISION_PATTERN,
  type DocumentDetails,
  type ManifestDocument,
} from '@portal/contracts';
import { date, text } from 'drizzle-orm/pg-core';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import type { ManifestProblems } from './section-kit';

/**
 * What a controlled document (a PIB, a DSV) says about itself: its number, title, revision
 * and effective date, each optional in the manifest (docs/publishing.md). Two sections hold
 * documents (features/bulletins, features/validation-docs), so the columns, the check and the
 * answer are made here once.
 */

export interface DocumentRecord {
  number: string | null;
  title: string | null;
  revision: string | null;
  /** YYYY-MM-DD. */
  effectiveDate: string | null;
}

/** The columns a document's table adds; fresh builders for each table. */
export function documentColumns() {
  return {
    documentNumber: text('document_number'),
    documentTitle: text('document_title'),
    revision: text('revision'),
    effectiveDate: date('effective_date', { mode: 'string' }),
  };
}

/** A calendar day that exists: 2025-02-30 has the form but is no day. */
function isCalendarDay(value: string): boolean {
  if (!DOCUMENT_DATE_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The manifest check of one entry's document fields, naming the entry (`pibs[2]`) and the field. */
export function checkDocument(problems: ManifestProblems, where: string, entry: ManifestDocument): void {
  const { revision, effectiveDate } = entry;
  if (
    revision !== undefined &&
    (revision.length > DOCUMENT_REVISION_MAX_CHARS || !DOCUMENT_REVISION_PATTERN.test(revision))
  ) {
    problems.add(
      `${where}.revision: "${revision}" is not a revision (letters and digits, with . or - between them, at most ${DOCUMENT_REVISION_MAX_CHARS})`,
    );
  }
  if (effectiveDate !== undefined && !isCalendarDay(effectiveDate)) {
    problems.add(`${where}.effectiveDate: "${effectiveDate}" is not a date (YYYY-MM-DD)`);
  }
}

/** A manifest entry's document fields as the row stores them; a field the entry leaves out is cleared. */
export function documentValues(entry: ManifestDocument) {
  return {
    documentNumber: entry.documentNumber ?? null,
    documentTitle: entry.title ?? null,
    revision: entry.revision ?? null,
    effectiveDate: entry.effectiveDate ?? null,
  };
}

/** A stored row's document fields, for the snapshot. */
export function documentRecord(row: ReturnType<typeof documentValues>): DocumentRecord {
  return {
    number: row.documentNumber,
    title: row.documentTitle,
    revision: row.revision,
    effectiveDate: row.effectiveDate,
  };
}

/** What the lookups answer about a document. */
export function documentDetails(document: DocumentRecord): DocumentDetails {
  return { ...document };
}

/**
 * The release date the maker states in the manifest for a product's version: a Cornerstone
 * version's `releaseDate`, or a ChromaTOF release's; null when none is stated. Never the day
 * the file was imported.
 */
export function statedReleaseDate(snapshot: CatalogueSnapshot, product: string, version: string): string | null {
  if (product === CORNERSTONE_PRODUCT) return snapshot.versions.get(version)?.releaseDate ?? null;
  const release = snapshot.chromatofReleases.find((entry) => entry.product === product && entry.version === version);
  return release?.releaseDate ?? null;
}
