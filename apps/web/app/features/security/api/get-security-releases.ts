import { ADVISORY_PATHS, type SecurityReleases } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The published releases a draft may name: the release pickers' choices. */
export function getSecurityReleases(signal: AbortSignal): Promise<SecurityReleases> {
  return apiRequest<SecurityReleases>({ path: ADVISORY_PATHS.releases, signal });
}
