import { ADVISORY_PATHS, ADVISORY_PRODUCT_PARAM, type AdvisoryList, type AdvisoryListQuery } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The published advisories and VEX statements, newest first; with `product`, those that name it. */
export function getAdvisories(query: AdvisoryListQuery, signal: AbortSignal): Promise<AdvisoryList> {
  return apiRequest<AdvisoryList>({
    path: ADVISORY_PATHS.advisories,
    query: { [ADVISORY_PRODUCT_PARAM]: query.product },
    signal,
  });
}
