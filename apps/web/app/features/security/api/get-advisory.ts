import { ADVISORY_PATHS, type AdvisoryDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

/** One published advisory's page: its current revision and the whole revision history. */
export function getAdvisory(advisoryId: string, signal: AbortSignal): Promise<AdvisoryDetail> {
  return apiRequest<AdvisoryDetail>({ path: advisoryApiPath(ADVISORY_PATHS.advisory, { advisoryId }), signal });
}
