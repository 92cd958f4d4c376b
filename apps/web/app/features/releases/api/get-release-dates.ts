import { RELEASES_PATHS, type ReleaseDates } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The release date of each version (staff: the stored bearer goes). */
export function getReleaseDates(signal: AbortSignal): Promise<ReleaseDates> {
  return apiRequest<ReleaseDates>({ path: RELEASES_PATHS.releaseDates, signal });
}
