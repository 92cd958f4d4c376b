import { ADVISORY_PATHS, type AdvisoryDraft } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

/** A new draft holding the published advisory's current content (409 when one is already open). */
export function reviseAdvisory(advisoryId: string, signal?: AbortSignal): Promise<AdvisoryDraft> {
  return apiRequest<AdvisoryDraft>({
    method: 'POST',
    path: advisoryApiPath(ADVISORY_PATHS.revise, { advisoryId }),
    signal,
  });
}
