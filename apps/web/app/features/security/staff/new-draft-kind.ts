import { ADVISORY_AFFECTED_PARAM, NEW_ADVISORY_PAGE, type AdvisoryKind } from '@portal/contracts';

/**
 * The new-draft page's own query: `kind=vex` for a not-affected statement (an advisory
 * otherwise), and `affected` (repeated, release keys, newAdvisoryForReleases) preselected.
 */
export const NEW_DRAFT_KIND_PARAM = 'kind';

export function newDraftHref(kind: AdvisoryKind): string {
  return kind === 'vex' ? `${NEW_ADVISORY_PAGE}?${NEW_DRAFT_KIND_PARAM}=vex` : NEW_ADVISORY_PAGE;
}

export function newDraftRequest(url: URL): { kind: AdvisoryKind; affected: string[] } {
  const kind = url.searchParams.get(NEW_DRAFT_KIND_PARAM) === 'vex' ? 'vex' : 'advisory';
  const affected = [...new Set(url.searchParams.getAll(ADVISORY_AFFECTED_PARAM))].filter((key) => key.length <= 256);
  return { kind, affected };
}
