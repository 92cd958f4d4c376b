import { ADVISORY_PATHS, type AdvisoryDraftList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Every open advisory and VEX draft (role security). */
export function getAdvisoryDrafts(signal: AbortSignal): Promise<AdvisoryDraftList> {
  return apiRequest<AdvisoryDraftList>({ path: ADVISORY_PATHS.drafts, signal });
}
