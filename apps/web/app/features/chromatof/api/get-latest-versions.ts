import { CHROMATOF_PATHS, type LatestVersions } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The latest release of each ChromaTOF product, as a table (staff; the stored bearer goes with it). */
export function getLatestVersions(signal: AbortSignal): Promise<LatestVersions> {
  return apiRequest<LatestVersions>({ path: CHROMATOF_PATHS.latestVersions, signal });
}
