import type { CatalogueManifest, Draft, ManifestProblem } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { failureOf, type Failure } from '../../../shared/outcome/outcome';
import { replaceDraft } from '../api/drafts-api';
import { whileConnectionLost } from './file-upload';

/** What saving a draft's entries came to: stored (with its problems), refused as a whole (nothing stored), or failed. */
export type SaveAnswer =
  { kind: 'saved'; draft: Draft } | { kind: 'refused'; message: string; problems: ManifestProblem[] } | Failure;

/** A 400 of the drafts API carries the problems of a body it refused (DraftRefused). */
function refusalOf(error: unknown): { message: string; problems: ManifestProblem[] } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as { problems?: ManifestProblem[] } | undefined;
  return { message: error.message, problems: Array.isArray(body?.problems) ? body.problems : [] };
}

/**
 * PUTs the whole catalogue.json of the draft, again while the connection is lost (the same
 * body twice is the same draft): a form saves while its files' bytes go out (decision 282).
 */
export async function saveDraft(draftId: string, manifest: CatalogueManifest): Promise<SaveAnswer> {
  try {
    return { kind: 'saved', draft: await whileConnectionLost(() => replaceDraft(draftId, manifest)) };
  } catch (error) {
    const refused = refusalOf(error);
    return refused ? { kind: 'refused', ...refused } : failureOf(error);
  }
}
