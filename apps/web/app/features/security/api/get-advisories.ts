import { ADVISORY_PATHS, type AdvisoryList, type AdvisoryListQuery } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The published advisories and VEX statements, newest first; with `product`, those that name it. */
export function getAdvisories(query: AdvisoryListQuery, signal: AbortSignal): Promise<AdvisoryList> {
  return apiRequest<AdvisoryList>({ path: ADVISORY_PATHS.advisories, query: { product: query.product }, signal });
}
