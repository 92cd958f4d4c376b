import { RELEASES_PATHS, registrationIdAuthorization, type Versions } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getVersions(registrationId: string, signal: AbortSignal): Promise<Versions> {
  return apiRequest<Versions>({
    path: RELEASES_PATHS.versions,
    authorization: registrationIdAuthorization(registrationId),
    signal,
  });
}
