import { RELEASES_PATHS, registrationIdAuthorization, type Versions } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The versions of a registration ID; without one, every version for the signed-in staff member. */
export function getVersions(registrationId: string | undefined, signal: AbortSignal): Promise<Versions> {
  return apiRequest<Versions>({
    path: RELEASES_PATHS.versions,
    authorization: registrationId === undefined ? undefined : registrationIdAuthorization(registrationId),
    signal,
  });
}
