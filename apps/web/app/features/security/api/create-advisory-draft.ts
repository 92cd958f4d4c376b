import { ADVISORY_PATHS, type AdvisoryDraft, type AdvisoryDraftContent } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** A new draft holding `content` (400 with the field named when a field is refused: nothing stored). */
export function createAdvisoryDraft(content: AdvisoryDraftContent, signal?: AbortSignal): Promise<AdvisoryDraft> {
  return apiRequest<AdvisoryDraft>({ method: 'POST', path: ADVISORY_PATHS.drafts, body: content, signal });
}
