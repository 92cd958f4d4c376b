import { RELEASES_PATHS, type LatestVersion } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The latest released Cornerstone version and its release date (public). */
export function getLatestVersion(signal: AbortSignal): Promise<LatestVersion> {
  return apiRequest<LatestVersion>({ path: RELEASES_PATHS.latest, signal });
}
