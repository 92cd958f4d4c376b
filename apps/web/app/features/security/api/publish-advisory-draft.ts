import { ADVISORY_PATHS, type AdvisoryDetail, type PublishAdvisoryRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

/**
 * Publishes the draft as a new advisory or a new revision; 422 PublishRefused (the ApiError's
 * body) names each problem, and nothing is published.
 */
export function publishAdvisoryDraft(
  id: string,
  request: PublishAdvisoryRequest,
  signal?: AbortSignal,
): Promise<AdvisoryDetail> {
  return apiRequest<AdvisoryDetail>({
    method: 'POST',
    path: advisoryApiPath(ADVISORY_PATHS.publish, { id }),
    body: request,
    signal,
  });
}
