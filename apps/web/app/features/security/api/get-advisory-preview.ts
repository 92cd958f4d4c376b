import { ADVISORY_PATHS, type AdvisoryPreview } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

/** The CSAF document the draft would publish, its public page, and every problem the validator finds. */
export function getAdvisoryPreview(id: string, signal?: AbortSignal): Promise<AdvisoryPreview> {
  return apiRequest<AdvisoryPreview>({ path: advisoryApiPath(ADVISORY_PATHS.preview, { id }), signal });
}
