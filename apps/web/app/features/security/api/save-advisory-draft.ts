import { ADVISORY_PATHS, type AdvisoryDraft, type AdvisoryDraftContent } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

/** Replaces the draft's content (400 with the field named when a field is refused: nothing stored). */
export function saveAdvisoryDraft(
  id: string,
  content: AdvisoryDraftContent,
  signal?: AbortSignal,
): Promise<AdvisoryDraft> {
  return apiRequest<AdvisoryDraft>({
    method: 'PUT',
    path: advisoryApiPath(ADVISORY_PATHS.draft, { id }),
    body: content,
    signal,
  });
}
