/**
 * What other features may ask of the security advisories: read-only queries, the feature's
 * public entry (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */
import { releaseReferenceKey, type AffectedByMark, type ReleaseReference } from '@portal/contracts';

/** The advisories' marks by release key (PublishedAdvisories.marks): what a release is affected by. */
export type AffectedByMarks = ReadonlyMap<string, AffectedByMark[]>;

/**
 * The marks of one release, newest advisory first; empty when none. One lookup in the map
 * built once per advisory change (docs/decisions/225-affected-marks-built-once.md), nothing scanned per request: every
 * answer that carries `affectedBy` (versions, PIBs, ChromaTOF downloads, firmware) asks here.
 */
export function affectedByOf(marks: AffectedByMarks, release: ReleaseReference): AffectedByMark[] {
  return marks.size === 0 ? [] : (marks.get(releaseReferenceKey(release)) ?? []);
}
