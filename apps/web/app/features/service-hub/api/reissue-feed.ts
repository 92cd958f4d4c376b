import { FEEDS_PATHS, type CurrentFeed, type FeedReissueBody } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** A new feed address for a registration ID or key ID (staff; the stored bearer is sent). */
export function reissueFeed(body: FeedReissueBody, signal?: AbortSignal): Promise<CurrentFeed> {
  return apiRequest<CurrentFeed>({ method: 'POST', path: FEEDS_PATHS.reissue, body, signal });
}
